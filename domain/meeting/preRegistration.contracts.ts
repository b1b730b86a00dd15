import { Type, type Static, type TOptional, type TString } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { fieldLabel } from '../resource/framework';
import { Id, Int, NullableText, StringEnum, Text } from '../core/schemas';
import { person } from './resources';

/**
 * 扫码预登记 for visitors without an account (`public`: no token, still signed like every /admin call):
 * what a project's or an activity's QR code leads to, the registration itself, and the result page's
 * lookup by personal code.
 */

/** Kinds of attendee a visitor may choose for themselves (PERSON_KINDS keys); speakers and staff are entered by the organiser. */
export const PRE_REGISTRATION_KINDS = ['visitor', 'guest', 'press', 'exhibitorStaff'] as const;

/** The fields a visitor fills in, in the form's order; everything else of a person is the organiser's. */
export const PRE_REGISTRATION_FIELDS = ['kind', 'name', 'mobile', 'idType', 'idNo', 'company', 'jobTitle', 'email'] as const;
export type PreRegistrationField = (typeof PRE_REGISTRATION_FIELDS)[number];

/** An activity open for registration, as the public form shows it. */
export const PreRegistrationActivity = Type.Object({
  id: Int,
  name: Text,
  /** `YYYY-MM-DD`. */
  srq: Text,
  erq: Text,
  address: NullableText,
  /** 要求证件: the activity asks for 证件类型 and 证件号码 (otherwise they are optional). */
  requireId: Type.Boolean(),
  /** 需要短信验证手机号: the submission must carry an SMS code (purpose preRegister) sent to the mobile given. */
  smsVerify: Type.Boolean(),
});
export type PreRegistrationActivity = Static<typeof PreRegistrationActivity>;

/** What a QR code leads to — public facts only. */
export const PreRegistrationInfo = Type.Object({
  organiserName: Text,
  projectName: Text,
  projectSrq: NullableText,
  projectErq: NullableText,
  projectAddress: NullableText,
  /** The activities open for registration: the one the QR names, or those of its project. */
  activities: Type.Array(PreRegistrationActivity),
});
export type PreRegistrationInfo = Static<typeof PreRegistrationInfo>;

const resultFields = {
  /** The personal code the QR carries (gates read it as `?code=`). */
  code: Text,
  badgeNo: Text,
  name: Text,
};

/** A registration made: just enough to show the personal QR code. */
export const PreRegistrationResult = Type.Object(resultFields);
export type PreRegistrationResult = Static<typeof PreRegistrationResult>;

/**
 * What a submission answers, alike whether the mobile was new to the activity or already registered
 * there: the personal link goes by SMS (and email) to the registration's own mobile and email, never
 * on screen, so the form tells nobody whether someone is registered and gives nobody another's code.
 * Only where the activity asks for an SMS code (smsVerify) has the submitter proved the mobile is theirs:
 * then the answer also carries the registration's personal code, and the page shows its QR code.
 */
export const PreRegistrationReceipt = Type.Object({
  name: Text,
  /** The mobile the link was sent to, masked (138****8000). */
  sentTo: Text,
  /** The personal code of the mobile's registration (new or existing), only after an SMS code proved the mobile. */
  code: Type.Optional(Text),
});
export type PreRegistrationReceipt = Static<typeof PreRegistrationReceipt>;

/** The registration behind a personal code. */
export const PreRegistrationState = Type.Object({
  ...resultFields,
  projectName: Text,
  activityName: Text,
  /** person.status (PERSON_STATES) and its label. */
  status: Int,
  statusLabel: Text,
});
export type PreRegistrationState = Static<typeof PreRegistrationState>;

/** Every field as optional text with a generous bound: the definition's rules then say what is wrong, field by field, in Chinese. */
const formFields = <const K extends readonly string[]>(names: K) =>
  Object.fromEntries(names.map((name) => [name, Type.Optional(Type.String({ maxLength: 200, title: fieldLabel(person, name) }))])) as { [P in K[number]]: TOptional<TString> };

export const preRegistrationInfo = endpoint({
  method: 'GET',
  path: '/pre/registration/info',
  public: true,
  query: Type.Object({ project: Type.Optional(Id), activity: Type.Optional(Id) }, { additionalProperties: false }),
  response: PreRegistrationInfo,
});

export const preRegistrationSubmit = endpoint({
  method: 'POST',
  path: '/pre/registration/submit',
  public: true,
  body: Type.Object(
    {
      activityId: Id,
      ...formFields(PRE_REGISTRATION_FIELDS),
      /** The SMS code (purpose preRegister) where the activity asks for one; ignored elsewhere. */
      smsCode: Type.Optional(Type.String({ maxLength: 20, title: '验证码' })),
    },
    { additionalProperties: false },
  ),
  response: PreRegistrationReceipt,
});

export const preRegistrationMine = endpoint({
  method: 'GET',
  path: '/pre/registration/mine',
  public: true,
  // A personal code is 22 base64url characters; anything else cannot be one and is answered like an unknown one.
  query: Type.Object({ code: Type.String({ maxLength: 64 }) }, { additionalProperties: false }),
  response: PreRegistrationState,
});

/**
 * What a visitor reads when a QR code leads to no open activity: whose event it is and when, and whether
 * registration has not begun yet (notYet), is over (ended) or the activity was cancelled. Unknown targets
 * and those of a disabled organiser are refused with the same words as before (MSG.preRegClosed).
 */
export const PreRegistrationNotice = Type.Object({
  organiserName: Text,
  projectName: Text,
  /** Null for a project's QR code. */
  activityName: NullableText,
  /** The activity's dates, or the project's. */
  srq: NullableText,
  erq: NullableText,
  address: NullableText,
  state: StringEnum(['open', 'notYet', 'ended', 'cancelled']),
});
export type PreRegistrationNotice = Static<typeof PreRegistrationNotice>;

export const preRegistrationNotice = endpoint({
  method: 'GET',
  path: '/pre/registration/notice',
  public: true,
  query: Type.Object({ project: Type.Optional(Id), activity: Type.Optional(Id) }, { additionalProperties: false }),
  response: PreRegistrationNotice,
});

/**
 * 开放报名 from a QR card: the activity (or every activity of the project whose last day has not passed)
 * is moved to 报名中 through the moves its state machine allows (已结束 / 已取消 → 筹备中 → 报名中), each
 * logged as staff would make it. Refused when its last day has passed (the dates need changing).
 */
export const preRegistrationOpen = endpoint({
  method: 'POST',
  path: '/pre/registration/open',
  authority: 'ACTION_yx_sysActivity_status',
  body: Type.Object({ activityId: Type.Optional(Id), projectId: Type.Optional(Id) }, { additionalProperties: false }),
  response: Type.Object({ opened: Type.Array(Text) }),
});
