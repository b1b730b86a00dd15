import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Bool, Id, Int, IntegerEnum, NullableText, StringEnum, Text } from '../core/schemas';
import { filterProperties } from '../resource/filterSchema';
import { sortableNames } from '../resource/framework';
import { BADGE_SIZES } from '../projects/resources';
import { person, PERSON_KINDS } from './resources';

/**
 * Bulk work on 参会人员: one state change, 人员类别, a shuttle or removal for many attendees at once, and
 * their badges. The persons are either the ticked rows (`ids`) or every row matching the list's own
 * filter (`all=1` with the list's filter fields, read as the list reads them), decided on the server and
 * bounded by BULK_MAX. Each endpoint needs the authority its single action needs; `dryRun=1` answers
 * the same counts without changing anything (the dialog's 确认 shows them).
 */

/** Most persons one bulk action or one print of badges takes. */
export const BULK_MAX = 10_000;
/** Most ticked ids in one request: a page of the list is at most 100 rows. */
export const BULK_IDS_MAX = 1_000;
/** Badges per answer when printing many: the browser asks page after page. */
export const BADGES_PAGE_MAX = 500;

const Flag = StringEnum(['1'] as const);

/** Which persons: `ids`, or `all=1` and the list's filter. */
export const PersonSelection = {
  ids: Type.Optional(Type.String({ pattern: `^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,${BULK_IDS_MAX - 1}}$` })),
  all: Type.Optional(Flag),
  ...filterProperties(person),
};

const action = { ...PersonSelection, dryRun: Type.Optional(Flag) };

/**
 * A move that tells the attendees (审核通过, 取消登记): `notify=false` (「不通知」) moves them and queues
 * nothing; left out, each moved attendee gets the message by email and SMS as a single move does.
 */
const notifying = { ...action, notify: Type.Optional(StringEnum(['true', 'false'] as const, { title: '通知参会人员' })) };

/** The messages a move queues (or, on a dry run, would): an email per address given, an SMS per mobile. */
export const BulkMessages = Type.Object({ email: Int, sms: Int });
export type BulkMessages = Static<typeof BulkMessages>;

/** Persons left out by an action, grouped by why (已通过 12 人, 有签到记录 3 人…). */
export const BulkSkip = Type.Object({ reason: Text, count: Int });
export type BulkSkip = Static<typeof BulkSkip>;

export const BulkResult = Type.Object({
  /** Persons selected. */
  matched: Int,
  /** Persons the action changed (or, on a dry run, would change). */
  done: Int,
  skipped: Type.Array(BulkSkip),
  /** Moves that tell the attendees: what they queue (nothing with notify=false). */
  messages: Type.Optional(BulkMessages),
});
export type BulkResult = Static<typeof BulkResult>;

export const personBulkApprove = endpoint({
  method: 'POST',
  path: '/person/person/bulkApprove',
  authority: 'ACTION_person_person_status',
  body: Type.Object(notifying, { additionalProperties: false }),
  response: BulkResult,
});

export const personBulkCancel = endpoint({
  method: 'POST',
  path: '/person/person/bulkCancel',
  authority: 'ACTION_person_person_status',
  body: Type.Object({ ...notifying, remark: Type.Optional(Type.String({ maxLength: 255 })) }, { additionalProperties: false }),
  response: BulkResult,
});

export const personBulkKind = endpoint({
  method: 'POST',
  path: '/person/person/bulkKind',
  authority: 'ACTION_person_person_edit',
  body: Type.Object({ ...action, toKind: IntegerEnum(PERSON_KINDS.map((o) => o.value)) }, { additionalProperties: false }),
  response: BulkResult,
});

/** Onto a 班车线路 of the persons' activity: as a save of the line, so the line's own authority. */
export const personBulkShuttle = endpoint({
  method: 'POST',
  path: '/person/person/bulkShuttle',
  authority: 'ACTION_shuttle_line_edit',
  body: Type.Object({ ...action, lineId: Id }, { additionalProperties: false }),
  response: BulkResult,
});

export const personBulkRemove = endpoint({
  method: 'POST',
  path: '/person/person/bulkRemove',
  authority: 'ACTION_person_person_remove',
  body: Type.Object(action, { additionalProperties: false }),
  response: BulkResult,
});

// 胸卡 -------------------------------------------------------------------------------------------

export const BADGE_SIZE_KEYS = ['a4x8', 'a4x4', 'card', 'lanyard'] as const;
export type BadgeSize = (typeof BADGE_SIZE_KEYS)[number];
/** The key of a 胸卡尺寸 value (BADGE_SIZES); the A4 8-up sheet when unset. */
export const badgeSizeOf = (value: number | null | undefined): BadgeSize =>
  (BADGE_SIZES.find((o) => o.value === value)?.key as BadgeSize | undefined) ?? 'a4x8';

/** An activity's badge template (its 胸卡 settings). */
export const BadgeTemplate = Type.Object({
  activityId: Int,
  size: StringEnum(BADGE_SIZE_KEYS),
  company: Bool,
  jobTitle: Bool,
  seat: Bool,
  qr: Bool,
  kindBand: Bool,
});
export type BadgeTemplate = Static<typeof BadgeTemplate>;

/** What one printed badge shows. */
export const BadgeData = Type.Object({
  id: Int,
  activityId: Int,
  activityName: NullableText,
  name: Text,
  company: NullableText,
  jobTitle: NullableText,
  kind: Int,
  kindLabel: Text,
  badgeNo: NullableText,
  /** The personal code the QR carries (gates take it bare). */
  code: NullableText,
  /** 会场 and seat, 「主论坛厅 A区 3排12号」, several joined by 「；」; null when none is assigned. */
  seat: NullableText,
});
export type BadgeData = Static<typeof BadgeData>;

export const BadgePage = Type.Object({
  /** Persons selected in all. */
  total: Int,
  badges: Type.Array(BadgeData),
  /** The templates of the activities of `badges`. */
  templates: Type.Array(BadgeTemplate),
});
export type BadgePage = Static<typeof BadgePage>;

export const personBulkBadges = endpoint({
  method: 'POST',
  path: '/person/person/bulkBadges',
  authority: 'ACTION_person_person_badge',
  body: Type.Object(
    {
      ...PersonSelection,
      sort: Type.Optional(StringEnum(sortableNames(person))),
      order: Type.Optional(StringEnum(['asc', 'desc'] as const)),
      offset: Type.Integer({ minimum: 0, maximum: BULK_MAX, default: 0 }),
      limit: Type.Integer({ minimum: 1, maximum: BADGES_PAGE_MAX, default: BADGES_PAGE_MAX }),
    },
    { additionalProperties: false },
  ),
  response: BadgePage,
});
