import { and, asc, eq, exists, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  PRE_REGISTRATION_FIELDS,
  PRE_REGISTRATION_KINDS,
  type PreRegistrationActivity,
  type PreRegistrationField,
  type PreRegistrationInfo,
  type PreRegistrationNotice,
  type PreRegistrationReceipt,
  type PreRegistrationState,
} from '@domain/meeting/preRegistration.contracts';
import { USER_STATUS } from '@domain/system/users.contracts';
import { smsCodeRules, validate } from '@domain/core/validators';
import { type FieldError } from '@domain/core/envelope';
import { activity } from '@domain/projects/resources';
import { openableState, registrationState } from '@domain/meeting/registrationState';
import { person } from '@domain/meeting/resources';
import { checkFields, fieldLabel, fieldOf, machineOf, stateLabel, stateValue } from '@domain/resource/framework';
import { fieldType } from '@domain/resource/fieldTypes';
import type { FieldDef } from '@domain/resource/types';
import type { AppDb } from '../../db/client';
import { activities, organisers, projects } from '../../db/schema';
import { autoCodeOf, chinaDay } from '../../lib/dates';
import { ApiError, fieldErrors, refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import { tableOf, columnsOf, type Row } from '../../services/resources/model';
import * as service from '../../services/resources/service';
import { uniqueRefusal } from '../../services/resources/service';
import type { Caller } from '../../services/resources/model';
import { checkCode, consumeCode, type CaptchaLimits } from '../../services/captcha';
import { enqueueMessages } from '../../services/outbox/queue';
import { publicSends } from '../../services/publicSends';
import { maskMobile } from '../../services/smsSender';
import { attendeeSettings, certificateErrors } from './activitySettings.repository';
import { attendeeMessages } from './attendeeMessages.service';
import { newPersonCode } from './personCode';
import { personSearchKey } from './personSearchKey';
import { activityScopeSql } from '../../services/scope';

/**
 * 扫码预登记: a visitor scans a project's or an activity's QR code and registers for an activity without an
 * account. An activity is open for it while it is 报名中 or 进行中 and its last day (China time) has not
 * passed; its project's state plays no part (docs/decisions/0017-registration-by-activity-alone.md). The
 * form offers open activities only; for a closed one the notice says, in a visitor's words, whether it
 * has not begun, is over or was cancelled. Unknown targets and those of a disabled organiser get one
 * refusal.
 */

export type PreRegistrationInput = Partial<Record<PreRegistrationField, string>>;

/** A mobile proved by an SMS code is sent its personal link for an activity at most once in this window (server/services/publicSends.ts). */
export const PRE_REG_RESEND_WINDOW_MS = 10 * 60 * 1000;

const OPEN_ACTIVITY_STATES = [stateValue(activity, 'status', 'registering'), stateValue(activity, 'status', 'running')];
/** An activity in one of these has been opened for registration at some time: its project is public. */
const ANNOUNCED_ACTIVITY_STATES = [...OPEN_ACTIVITY_STATES, stateValue(activity, 'status', 'ended')];
const PUBLIC_KINDS = PRE_REGISTRATION_KINDS.map((key) => stateValue(person, 'kind', key));
const ID_CARD = stateValue(person, 'idType', 'idCard');

const formFields: FieldDef[] = PRE_REGISTRATION_FIELDS.map((name) => fieldOf(person, name)!);
const cols = columnsOf(person);
const statusMachine = machineOf(person, 'status')!;

/** What makes an activity open for registration on `today` (China day), as SQL. */
function openWhere(today: string): SQL {
  return and(
    eq(organisers.status, USER_STATUS.active),
    inArray(activities.status, OPEN_ACTIVITY_STATES),
    gte(activities.erq, today),
  )!;
}

const activityColumns = {
  id: activities.id,
  name: activities.name,
  srq: activities.srq,
  erq: activities.erq,
  address: activities.address,
  requireId: activities.requireId,
  smsVerify: activities.smsVerify,
  organiserId: activities.organiserId,
  projectId: activities.projectId,
};

function openActivities(db: AppDb, today: string, where: SQL) {
  return db
    .select({
      ...activityColumns,
      organiserName: organisers.name,
      projectName: projects.name,
      projectSrq: projects.srq,
      projectErq: projects.erq,
      projectAddress: projects.address,
    })
    .from(activities)
    .innerJoin(projects, and(eq(projects.id, activities.projectId), eq(projects.organiserId, activities.organiserId)))
    .innerJoin(organisers, eq(organisers.id, activities.organiserId))
    .where(and(openWhere(today), where))
    .orderBy(asc(activities.srq), asc(activities.id));
}

/** The open activities a QR code leads to: the one it names, or those of its project. */
export async function registrationInfo(
  db: AppDb,
  target: { projectId?: number; activityId?: number },
  now: Date,
): Promise<PreRegistrationInfo> {
  const where = target.activityId !== undefined ? eq(activities.id, target.activityId) : target.projectId !== undefined ? eq(activities.projectId, target.projectId) : null;
  const rows = where ? await openActivities(db, chinaDay(now), where) : [];
  if (!rows.length) throw refuse(MSG.preRegClosed);
  const first = rows[0];
  return {
    organiserName: first.organiserName,
    projectName: first.projectName,
    projectSrq: first.projectSrq,
    projectErq: first.projectErq,
    projectAddress: first.projectAddress,
    activities: rows.map((a): PreRegistrationActivity => ({ id: a.id, name: a.name, srq: a.srq, erq: a.erq, address: a.address, requireId: a.requireId === true, smsVerify: a.smsVerify === true })),
  };
}

/** The person definition's own rules for what the visitor typed, plus the kinds a visitor may choose. */
export function checkInput(input: PreRegistrationInput): FieldError[] {
  const values: Record<string, unknown> = { ...input };
  const errors = checkFields(person, formFields, values);
  if (!errors.some((e) => e.field === 'kind') && !PUBLIC_KINDS.includes(Number(input.kind))) errors.push({ field: 'kind', msg: MSG.preRegKind });
  // In the form's order, so the first message names the first field to fix.
  return PRE_REGISTRATION_FIELDS.flatMap((name) => errors.filter((e) => e.field === name));
}

/** 验证码: the SMS code's field on the public form (the submit contract's `smsCode`). */
const SMS_CODE_FIELD = 'smsCode';
const SMS_CODE_LABEL = '验证码';
const labelOf = (path: string) => (path === SMS_CODE_FIELD ? SMS_CODE_LABEL : fieldLabel(person, path));

/** The SMS code of a submission, the limits its checking and the confirmation's SMS count against, and the client's address. */
export interface SmsProof {
  smsCode?: string | undefined;
  limits: CaptchaLimits;
  ip: string;
}

/**
 * The id of the unused SMS code (purpose preRegister) that `code` matches for `mobile`, for consumeCode.
 * A wrong or dead code is refused under the 验证码 field, a wrong guess counted (server/services/captcha.ts).
 */
async function provenMobile(db: AppDb, limits: CaptchaLimits, mobile: string, code: string, now: Date): Promise<number> {
  try {
    return await checkCode(db, limits, { mobile, purpose: 'preRegister', code }, now.getTime());
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    throw refuse(error.message, { errors: [{ field: SMS_CODE_FIELD, msg: error.message }] });
  }
}

/**
 * Registers the visitor for an open activity: one pending person with source 扫码预登记, a personal code
 * and a badge number, in the activity's organiser and project, and its confirmation queued (登记确认:
 * personal link, QR code, calendar file) in the same transaction. When the mobile is already registered
 * for the activity nothing is created: the existing registration's link is queued again to its own
 * mobile and email — so registering someone else's mobile first blocks nobody — and the answer is the
 * same as for a new one (PreRegistrationReceipt). Refuses (and writes nothing) when the activity is not
 * open or a field is wrong. The confirmation goes to addresses nobody proved, so it is limited per
 * recipient and counted against the SMS caps (server/services/publicSends.ts); one left out leaves the
 * registration and the answer as they are.
 *
 * An activity with 需要短信验证手机号 also wants an SMS code sent to that mobile: refused without it or
 * with a wrong one; the code is used up by the registration (or by the repeat). The submitter then holds
 * the mobile, so the answer carries the personal code of its registration, new or existing.
 */
export async function register(
  db: AppDb,
  activityId: number,
  input: PreRegistrationInput,
  now: Date,
  origin: string,
  proof: SmsProof,
): Promise<PreRegistrationReceipt> {
  const [target] = await openActivities(db, chinaDay(now), eq(activities.id, activityId));
  if (!target) throw refuse(MSG.preRegClosed);
  const verify = target.smsVerify === true;

  const errors = checkInput(input);
  errors.push(...certificateErrors(await attendeeSettings(db, target.id), { ...input }));
  if (verify) errors.push(...validate({ [SMS_CODE_FIELD]: smsCodeRules }, { [SMS_CODE_FIELD]: proof.smsCode?.trim() }));
  if (errors.length) throw fieldErrors(errors, labelOf);
  const values: Row = {};
  for (const field of formFields) {
    const raw = input[field.name as PreRegistrationField];
    values[field.name] = raw === undefined || raw.trim() === '' ? null : fieldType(field).toColumn(raw.trim(), field);
  }
  // As staff entry stores it: the check digit X upper-case, as printed on the card.
  if (values.idType === ID_CARD && typeof values.idNo === 'string') values.idNo = values.idNo.toUpperCase();
  const mobile = String(values.mobile);
  // Checked before anything about the mobile's registration is looked at; used up only with the registration.
  const codeId = verify ? await provenMobile(db, proof.limits, mobile, proof.smsCode!.trim(), now) : null;
  const useCode = async (tx: AppDb) => {
    if (codeId !== null && !(await consumeCode(tx, codeId, now.getTime()))) throw refuse(MSG.smsCodeInvalid, { errors: [{ field: SMS_CODE_FIELD, msg: MSG.smsCodeInvalid }] });
  };
  const receipt = (code: string): PreRegistrationReceipt => ({ name: values.name as string, sentTo: maskMobile(mobile), ...(verify ? { code } : {}) });
  const confirm = async (tx: AppDb, personId: number) => {
    const messages = await attendeeMessages(tx, 'registered', [personId], { origin, now, attach: true });
    const context = { kind: 'registered', organiserId: target.organiserId, activityId: target.id, ip: proof.ip, now: now.getTime(), limits: proof.limits };
    const proven = verify ? { mobile, windowMs: PRE_REG_RESEND_WINDOW_MS } : null;
    await enqueueMessages(tx, await publicSends(tx, messages, { ...context, proven }), now.getTime());
  };
  const registered = () =>
    db
      .select({ id: cols.id, code: cols.code })
      .from(tableOf(person))
      .where(and(eq(cols.organiserId, target.organiserId), eq(cols.activityId, target.id), eq(cols.mobile as AnyPgColumn, values.mobile)))
      .limit(1);
  /** A repeat of a registered mobile: its own link again (as the limits allow), and (verified) its code on screen. */
  const repeat = async (existing: { id: unknown; code: unknown }) => {
    await db.transaction(async (t) => {
      const tx = t as unknown as AppDb;
      await useCode(tx);
      await confirm(tx, Number(existing.id));
    });
    return receipt(String(existing.code));
  };

  const [taken] = await registered();
  if (taken) return repeat(taken);

  const code = newPersonCode();
  const row: Row = {
    ...values,
    organiserId: target.organiserId,
    projectId: target.projectId,
    activityId: target.id,
    source: stateValue(person, 'source', 'qr'),
    checkinStatus: stateValue(person, 'checkinStatus', 'no'),
    status: stateValue(person, 'status', statusMachine.initial),
    code,
    searchKey: personSearchKey(values),
    createdAt: now,
    updatedAt: now,
  };
  try {
    await uniqueRefusal(person, () =>
      db.transaction(async (tx) => {
        // The code, the row and its confirmation: all or nothing.
        await useCode(tx as unknown as AppDb);
        const [created] = await tx.insert(tableOf(person)).values(row as never).returning({ id: cols.id });
        const badge = autoCodeOf(person.autoCode!.prefix, now, created.id as number);
        await tx.update(tableOf(person)).set({ badgeNo: badge } as never).where(eq(cols.id, created.id));
        await confirm(tx as unknown as AppDb, Number(created.id));
      }),
    );
    return receipt(code);
  } catch (error) {
    // Two submits of the same mobile racing: the unique index decides, and the loser is answered as a repeat.
    const raced = (error as { data?: { errors?: FieldError[] } }).data?.errors?.some((e) => e.field === 'mobile');
    if (!raced) throw error;
    const [winner] = await registered();
    return winner ? repeat(winner) : { name: values.name as string, sentTo: maskMobile(mobile) };
  }
}

/** The registration behind a personal code: who, for which activity, and how far its review has come. */
export async function registrationOf(db: AppDb, code: string): Promise<PreRegistrationState> {
  const [row] = await db
    .select({
      name: cols.name,
      badgeNo: cols.badgeNo,
      status: cols.status,
      activityName: activities.name,
      projectName: projects.name,
    })
    .from(tableOf(person))
    .innerJoin(activities, eq(activities.id, cols.activityId))
    .innerJoin(projects, eq(projects.id, cols.projectId))
    .where(eq(cols.code, code))
    .limit(1);
  if (!row) throw refuse(MSG.preRegNotFound);
  const status = Number(row.status);
  return {
    code,
    name: String(row.name),
    badgeNo: String(row.badgeNo ?? ''),
    projectName: row.projectName,
    activityName: row.activityName,
    status,
    statusLabel: stateLabel(statusMachine, status),
  };
}

const announcedActivity = alias(activities, 'announced');

/**
 * Whether the project of the activity row has been made public: one of its activities is open, was open
 * (报名中, 进行中, 已结束) or is past. A project whose activities are all still 筹备中 (or cancelled before
 * they opened) is the organiser's own business: ids are sequential, so otherwise anyone could read its
 * name, dates and venue before it is announced.
 */
function projectAnnounced(db: AppDb, today: string): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(announcedActivity)
      .where(
        and(
          eq(announcedActivity.projectId, activities.projectId),
          eq(announcedActivity.organiserId, activities.organiserId),
          or(inArray(announcedActivity.status, ANNOUNCED_ACTIVITY_STATES), lt(announcedActivity.erq, today)),
        ),
      ),
  );
}

/**
 * What a QR code that leads to no open activity tells the visitor (domain/meeting/preRegistration.contracts.ts).
 * Only for a project made public (projectAnnounced); any other is answered as a missing one.
 */
export async function registrationNotice(db: AppDb, target: { projectId?: number; activityId?: number }, now: Date): Promise<PreRegistrationNotice> {
  const today = chinaDay(now);
  const where = target.activityId !== undefined ? eq(activities.id, target.activityId) : target.projectId !== undefined ? eq(activities.projectId, target.projectId) : null;
  if (!where) throw refuse(MSG.preRegClosed);
  const rows = await db
    .select({
      name: activities.name,
      srq: activities.srq,
      erq: activities.erq,
      status: activities.status,
      address: activities.address,
      organiserName: organisers.name,
      projectName: projects.name,
      projectSrq: projects.srq,
      projectErq: projects.erq,
      projectAddress: projects.address,
    })
    .from(activities)
    .innerJoin(projects, and(eq(projects.id, activities.projectId), eq(projects.organiserId, activities.organiserId)))
    .innerJoin(organisers, eq(organisers.id, activities.organiserId))
    .where(and(eq(organisers.status, USER_STATUS.active), where, projectAnnounced(db, today)))
    .orderBy(asc(activities.srq), asc(activities.id));
  if (!rows.length) throw refuse(MSG.preRegClosed);
  const states = rows.map((r) => registrationState(r.status, r.erq, today));
  const first = rows[0];
  const common = { organiserName: first.organiserName, projectName: first.projectName };
  if (target.activityId !== undefined) {
    const state = states[0];
    return {
      ...common,
      activityName: first.name,
      srq: first.srq,
      erq: first.erq,
      address: first.address ?? first.projectAddress,
      state: state === 'open' ? 'open' : state === 'cancelled' ? 'cancelled' : state === 'preparing' ? 'notYet' : 'ended',
    };
  }
  // A project: open when one of its activities is; not begun while one may still open; else over.
  const state = states.includes('open') ? 'open' : states.some((s) => s === 'preparing') ? 'notYet' : 'ended';
  return { ...common, activityName: null, srq: first.projectSrq, erq: first.projectErq, address: first.projectAddress, state };
}

/**
 * 开放报名 from a QR card (preRegistrationOpen): each activity meant — the one named, or those of the
 * project whose last day has not passed — moved to 报名中 by the transitions its machine allows, through
 * the resource service (authorities, scope, state log). Answers the names of those opened.
 */
export async function openRegistration(caller: Caller, target: { activityId?: number; projectId?: number }): Promise<{ opened: string[] }> {
  const today = chinaDay(caller.now);
  const where = target.activityId !== undefined ? eq(activities.id, target.activityId) : target.projectId !== undefined ? eq(activities.projectId, target.projectId) : null;
  if (!where) throw refuse(MSG.resActivityMissing);
  // 我的项目 and 我的活动 list every authorised project, not only the ones switched to: so does this.
  const authorised: Caller = { ...caller, projectScope: caller.authorisedProjects, activityScope: null };
  const scope: SQL[] = [activityScopeSql(authorised), where];
  const rows = await caller.db.select({ id: activities.id, name: activities.name, status: activities.status, erq: activities.erq }).from(activities).where(and(...scope)).orderBy(asc(activities.srq), asc(activities.id));
  if (!rows.length) throw refuse(MSG.resActivityMissing);
  if (target.activityId !== undefined && rows[0].erq < today) throw refuse(MSG.preRegOpenPast(rows[0].erq));
  const toOpen = rows.filter((r) => openableState(registrationState(r.status, r.erq, today)));
  const machine = machineOf(activity, 'status')!;
  const preparing = stateValue(activity, 'status', 'preparing');
  const registering = stateValue(activity, 'status', 'registering');
  for (const row of toOpen) {
    if (row.status !== preparing) await service.transition(authorised, activity, machine, row.id, preparing, '从二维码开放报名');
    await service.transition(authorised, activity, machine, row.id, registering, undefined);
  }
  return { opened: toOpen.map((r) => r.name) };
}
