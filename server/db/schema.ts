import {
  bigint,
  customType,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
  type ExtraConfigColumn,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { RESOURCES } from '@domain/registry';
import { fieldType } from '@domain/resource/fieldTypes';
import { initialValue } from '@domain/resource/framework';
import { NOTICE_CATEGORY_DEFAULT } from '@domain/notices/resources';
import type { FieldDef, LinesDef, ResourceDef } from '@domain/resource/types';
import type { NoticeAudience } from '@domain/notices/notices.contracts';
import type { AuditChange } from '@domain/system/audit.contracts';
import type { DeskUploadResult } from '@domain/meeting/deskUpload.contracts';

/**
 * The core data model. Conventions: every business row carries organiser_id (the
 * tenant) and, where it makes sense, project_id; status columns are small integers whose meanings are
 * documented beside each table; money, when it appears, is integer fen.
 */

const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => instant('created_at').notNull().defaultNow();
const updatedAt = () => instant('updated_at').notNull().defaultNow();

/** Tenants. `name` is what the wire calls cgmc. status: 1 active, 0 disabled, 2 registered and pending approval. */
export const organisers = pgTable('organisers', {
  id: id(),
  name: varchar('name', { length: 100 }).notNull(),
  logo: text('logo'),
  status: smallint('status').notNull().default(1),
  /** Why an admin rejected the registration, shown to nobody but admins. */
  reviewRemark: varchar('review_remark', { length: 255 }),
  /** Attendee import: the field a file's column header was mapped to by hand (header key → field, '' = left out). */
  importColumnMap: jsonb('import_column_map').$type<Record<string, string>>().notNull().default({}),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * khlx 3 = organiser staff (main login); any other kind uses the education login.
 * status: 1 on, 0 off, 2 registered and waiting for an admin's approval, 3 registration rejected.
 * lxdh is the phone the SMS codes of password recovery go to, so one number belongs to one account.
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    username: varchar('username', { length: 32 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    nickName: varchar('nick_name', { length: 50 }).notNull(),
    zw: varchar('zw', { length: 50 }),
    mail: varchar('mail', { length: 100 }),
    lxdh: varchar('lxdh', { length: 20 }),
    dxzh: varchar('dxzh', { length: 50 }),
    khlx: smallint('khlx').notNull().default(3),
    tips: varchar('tips', { length: 255 }),
    avatar: text('avatar'),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id),
    status: smallint('status').notNull().default(1),
    /** Set by an administrator's password reset: the next sign-in must choose a new password first. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /** New-message preferences of /account/settings/notification, e.g. { system: true, activity: false }. */
    notifyPrefs: jsonb('notify_prefs').$type<Record<string, boolean>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_uq').on(t.username),
    uniqueIndex('users_lxdh_uq').on(t.lxdh),
    index('users_organiser_idx').on(t.organiserId),
    index('users_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * A super role holds every menu and action, including ones added after it was created. organiser_id null
 * = a system role, shared by every organiser and read-only to them; otherwise the organiser's own role.
 */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    organiserId: integer('organiser_id').references(() => organisers.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    remark: varchar('remark', { length: 255 }),
    isSuper: boolean('is_super').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('roles_organiser_code_uq').on(t.organiserId, t.code), index('roles_organiser_idx').on(t.organiserId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** parent_id null = top level (0 on the wire). scheme '/' = an in-app page named by path. */
export const menus = pgTable(
  'menus',
  {
    id: id(),
    parentId: integer('parent_id').references((): AnyPgColumn => menus.id, { onDelete: 'cascade' }),
    menuCode: varchar('menu_code', { length: 64 }).notNull(),
    menuName: varchar('menu_name', { length: 50 }).notNull(),
    path: varchar('path', { length: 255 }).notNull(),
    scheme: varchar('scheme', { length: 32 }).notNull().default('/'),
    icon: varchar('icon', { length: 64 }),
    target: varchar('target', { length: 32 }),
    sort: integer('sort').notNull().default(0),
    hidden: boolean('hidden').notNull().default(false),
  },
  (t) => [uniqueIndex('menus_code_uq').on(t.menuCode), index('menus_parent_idx').on(t.parentId)],
);

export const actions = pgTable(
  'actions',
  {
    id: id(),
    actionCode: varchar('action_code', { length: 64 }).notNull(),
    name: varchar('name', { length: 50 }).notNull(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('actions_code_uq').on(t.actionCode), index('actions_menu_idx').on(t.menuId)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const roleActions = pgTable(
  'role_actions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    actionId: integer('action_id')
      .notNull()
      .references(() => actions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.actionId] })],
);

/** Only the sha256 of a token is stored, so a leaked table cannot be replayed. kind: password | sso | address. */
export const tokens = pgTable(
  'tokens',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).notNull(),
    sjc: varchar('sjc', { length: 14 }).notNull(),
    issuedAt: instant('issued_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('tokens_hash_uq').on(t.tokenHash), index('tokens_user_idx').on(t.userId)],
);

/**
 * Links of 找回密码 by email (server/modules/account/passwordReset.repository.ts). Only the sha256 of the
 * token is stored. A table of its own, not a kind of `tokens`: no lookup of sessions can ever find a
 * reset token, nor the other way round. `mail` is the address the link went to: once the account's
 * address changes the link is dead. consumed_at: used, or replaced by a newer link.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mail: varchar('mail', { length: 100 }).notNull(),
    expiresAt: instant('expires_at').notNull(),
    consumedAt: instant('consumed_at'),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_reset_tokens_hash_uq').on(t.tokenHash), index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Signature nonces, shared by all replicas; rows older than the signing window are purged. */
export const nonces = pgTable(
  'nonces',
  {
    apiKey: varchar('api_key', { length: 64 }).notNull(),
    nonce: varchar('nonce', { length: 128 }).notNull(),
    seenAt: instant('seen_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiKey, t.nonce] }), index('nonces_seen_idx').on(t.seenAt)],
);

/** Fixed-window counters: one row per bucket (e.g. "login:ip:1.2.3.4") and window start. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: varchar('bucket', { length: 200 }).notNull(),
    windowStart: instant('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index('rate_limits_window_idx').on(t.windowStart)],
);

/**
 * Password attempts per account (lower-cased username, whether or not it exists) since its last successful
 * one: each attempt is counted here atomically before the password is checked, and from LOGIN_DELAY_AFTER
 * attempts on the next one has to wait until next_at (a growing delay, never a lock).
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    username: varchar('username', { length: 64 }).primaryKey(),
    attempts: integer('attempts').notNull().default(0),
    nextAt: instant('next_at').notNull(),
  },
  (t) => [index('login_throttles_next_idx').on(t.nextAt)],
);

/**
 * One-time tickets handed to a browser: a hand-off (`?token=` of a link, issued after an SSO ticket or by a
 * signed-in session, exchanged for a session of its own) or a live stream's (server/services/liveStreams.ts).
 * Only the ticket's SHA-256 is kept; redeeming deletes the row, so a ticket works once on whichever replica.
 */
export const oneTimeTickets = pgTable(
  'one_time_tickets',
  {
    ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
    /** 'handoff' | 'live'. */
    purpose: varchar('purpose', { length: 16 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session a live ticket stands for, or the one that handed off; null for a hand-off after SSO. */
    tokenId: integer('token_id').references(() => tokens.id, { onDelete: 'cascade' }),
    /** A hand-off's sign-in door for the audit log (AuditEntryKind). */
    entry: varchar('entry', { length: 16 }),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('one_time_tickets_exp_idx').on(t.expiresAt)],
);

/**
 * The live event streams open now, one row each, on whichever replica (server/services/liveStreamLeases.ts):
 * counted to hold a session to MAX_STREAMS_PER_SESSION across replicas. The replica that holds a stream
 * renews its lease every few seconds and deletes the row when the stream ends; the row of a replica that
 * died without a word lapses at lease_until, so its session is not locked out for long.
 */
export const liveStreamLeases = pgTable(
  'live_stream_leases',
  {
    id: id(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    leaseUntil: instant('lease_until').notNull(),
  },
  (t) => [index('live_stream_leases_token_idx').on(t.tokenHash), index('live_stream_leases_until_idx').on(t.leaseUntil)],
);

/** SSO tickets are one-time: the hash of each redeemed ticket is kept until the ticket would expire anyway. */
export const usedSsoTickets = pgTable(
  'used_sso_tickets',
  {
    ticketHash: varchar('ticket_hash', { length: 64 }).primaryKey(),
    username: varchar('username', { length: 32 }).notNull(),
    usedAt: instant('used_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [index('used_sso_tickets_exp_idx').on(t.expiresAt)],
);

/**
 * Notices of one organiser. user_id set = addressed to that user alone (whatever the audience); user_id null
 * = addressed to everyone of the audience in the organiser: 'staff' (organiser staff, khlx 3), 'competition'
 * (competition users, every other khlx) or 'all' (NOTICE_AUDIENCES in domain/wire.ts; rows from before
 * the column are 'staff'); role_id set narrows that to the users holding the role (looked up when read, so
 * whoever holds it now). type: 1 通知, 2 公告, 3 提醒. category: which 新消息通知 switch governs it in the
 * bell (NOTICE_CATEGORIES of domain/notices/resources.ts). source_id: the 通知公告 whose publication
 * delivered this row; withdrawing the notice deletes it (and its read marks).
 */
export const notices = pgTable(
  'notices',
  {
    id: id(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    audience: varchar('audience', { length: 16 }).$type<NoticeAudience>().notNull().default('staff'),
    title: varchar('title', { length: 200 }).notNull(),
    content: text('content'),
    type: smallint('type').notNull().default(1),
    category: smallint('category').notNull().default(NOTICE_CATEGORY_DEFAULT),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'cascade' }),
    sourceId: integer('source_id').references((): AnyPgColumn => resourceTables.get('notice')!.id as AnyPgColumn, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notices_organiser_idx').on(t.organiserId, t.createdAt),
    index('notices_user_idx').on(t.userId),
    index('notices_source_idx').on(t.sourceId),
  ],
);

/** A row here is what the wire reports as isstamp = 1 (read). */
export const noticeReads = pgTable(
  'notice_reads',
  {
    noticeId: integer('notice_id')
      .notNull()
      .references(() => notices.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: instant('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] })],
);

/** Exhibitions and conferences (the wire's "cnf"). status: 0 筹备中, 1 进行中, 2 已结束. */
export const projects = pgTable(
  'projects',
  {
    id: id(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id),
    name: varchar('name', { length: 100 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    logo: text('logo'),
    srq: date('srq', { mode: 'string' }),
    erq: date('erq', { mode: 'string' }),
    address: varchar('address', { length: 255 }),
    status: smallint('status').notNull().default(0),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The row's version for a save's optimistic check (as every resource table's, buildResourceTable). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    uniqueIndex('projects_organiser_code_uq').on(t.organiserId, t.code),
    index('projects_organiser_name_idx').on(t.organiserId, t.name),
  ],
);

/** status: 0 筹备中, 1 报名中, 2 进行中, 3 已结束, 4 已取消. */
export const activities = pgTable(
  'activities',
  {
    id: id(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    name: varchar('name', { length: 100 }).notNull(),
    srq: date('srq', { mode: 'string' }).notNull(),
    erq: date('erq', { mode: 'string' }).notNull(),
    address: varchar('address', { length: 255 }),
    logo: text('logo'),
    /** Opening hours of each day (a time of day). */
    openTime: time('open_time'),
    closeTime: time('close_time'),
    /** 要求证件: attendees must give 证件类型 and 证件号码 (otherwise both are optional). */
    requireId: boolean('require_id').default(false),
    /** 默认人员类别: the category of an attendee whose import row or form leaves it blank. */
    defaultKind: smallint('default_kind').default(1),
    /** 需要短信验证手机号: public pre-registration asks for an SMS code to the mobile given. */
    smsVerify: boolean('sms_verify').default(false),
    /** 活动日期外扫码 (OFF_DAY_SCANS): 1 提醒 (null too, an activity of before), 2 拒绝. */
    offDayScan: smallint('off_day_scan').default(1),
    /** 胸卡模板 (domain/projects/resources.ts, BADGE_SIZES): size and the fields shown; null = the default (shown). */
    badgeSize: smallint('badge_size'),
    badgeCompany: boolean('badge_company'),
    badgeJobTitle: boolean('badge_job_title'),
    badgeSeat: boolean('badge_seat'),
    badgeQr: boolean('badge_qr'),
    badgeKindBand: boolean('badge_kind_band'),
    status: smallint('status').notNull().default(0),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    updatedBy: integer('updated_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The row's version for a save's optimistic check (as every resource table's, buildResourceTable). */
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('activities_organiser_project_idx').on(t.organiserId, t.projectId, t.srq),
    index('activities_organiser_srq_idx').on(t.organiserId, t.srq),
    index('activities_organiser_name_idx').on(t.organiserId, t.name),
  ],
);

/** Projects a user may work on. Super-role users see every project of their organiser without rows here. */
export const userProjects = pgTable(
  'user_projects',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] }), index('user_projects_project_idx').on(t.projectId)],
);

/** Activities a user may work on, within their projects. None = every activity of their authorised projects. */
export const userActivities = pgTable(
  'user_activities',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.activityId] }), index('user_activities_activity_idx').on(t.activityId)],
);

/** The user's current selection (the wire's cnfIds); empty = every authorised project. */
export const userCurrentProjects = pgTable(
  'user_current_projects',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/** The activities a user has switched to (/admin/chance/updateUserChangeActivityInfo); empty = all authorised. */
export const userCurrentActivities = pgTable(
  'user_current_activities',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.activityId] })],
);

/**
 * The one activity the header shows as 当前活动 and pages open on (日程, 座位, 会务概览, 签到台, the default
 * filter of the lists, a new record's 所属活动), as the user last chose it (POST /business/currentActivity):
 * kept here so that a reload, a new tab or another device finds it. activity_id turns null when the
 * activity is deleted, so that the next reading can say the choice was dropped (server/services/defaultActivity.ts).
 */
export const userChosenActivities = pgTable('user_chosen_activities', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  activityId: integer('activity_id').references(() => activities.id, { onDelete: 'set null' }),
  chosenAt: timestamp('chosen_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Works entered by education users. status: 0 草稿, 1 已提交, 2 初审通过, 3 未通过, 4 获奖. */
export const competitionWorks = pgTable(
  'competition_works',
  {
    id: id(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull(),
    teamName: varchar('team_name', { length: 100 }),
    school: varchar('school', { length: 100 }),
    category: varchar('category', { length: 50 }),
    reportNo: varchar('report_no', { length: 32 }).notNull(),
    status: smallint('status').notNull().default(0),
    submittedAt: instant('submitted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('competition_works_report_no_uq').on(t.reportNo), index('competition_works_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------------------------------------
// Business resources, built from their declarative definitions (domain/registry.ts): one table per
// resource, a child table for line items, a join table per multi-reference. Each row carries
// organiser_id, project_id and activity_id as its scope needs, its fields (column kinds from the
// field-type registry: money as integer fen, choices as small integers), its state fields, and who
// created / last changed it and when. Projects and activities are built-in tables above (much of the
// server reads them with their column types); their definitions must agree with them, which the
// registry test checks.
// ---------------------------------------------------------------------------------------------

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

type ColumnBuilder = PgColumnBuilderBase;
/** Tables built from definitions are typed loosely: their columns are only known at run time. */
type AnyPgTable = ReturnType<typeof pgTable<string, Record<string, ColumnBuilder>>>;

export const resourceTables = new Map<string, AnyPgTable>([
  ['project', projects as unknown as AnyPgTable],
  ['activity', activities as unknown as AnyPgTable],
]);
export const lineTables = new Map<string, AnyPgTable>();
/** Join tables of multi-references, keyed `<resource key>.<field name>`. */
export const joinTables = new Map<string, AnyPgTable>();

/** The column of one field, as its type's registry entry describes it; null for a join-table field. */
function fieldColumn(field: FieldDef): ColumnBuilder | null {
  const column = snake(field.name);
  const spec = fieldType(field).column(field);
  let builder;
  switch (spec.kind) {
    case 'varchar':
      builder = varchar(column, { length: spec.length });
      break;
    case 'text':
      builder = text(column);
      break;
    case 'integer':
      builder = integer(column);
      break;
    case 'smallint':
      builder = smallint(column);
      break;
    case 'bigint':
      builder = bigint(column, { mode: 'number' });
      break;
    case 'boolean':
      builder = boolean(column);
      break;
    case 'date':
      builder = date(column, { mode: 'string' });
      break;
    case 'time':
      builder = time(column);
      break;
    case 'timestamptz':
      builder = instant(column);
      break;
    case 'ref':
      builder = integer(column).references((): AnyPgColumn => resourceTables.get(spec.target)!.id as AnyPgColumn);
      break;
    case 'attachment':
      builder = integer(column).references((): AnyPgColumn => attachments.id, { onDelete: 'set null' });
      break;
    case 'join':
      return null;
  }
  return (field.required ? builder.notNull() : builder) as ColumnBuilder;
}

/** The unique index of one of a definition's `uniques` (the save maps a clash on it to its message). */
export function uniqueIndexName(def: Pick<ResourceDef, 'table'>, fields: readonly string[]): string {
  return `${def.table}_${fields.map(snake).join('_')}_uq`.slice(0, 63);
}

// ---- Indexes of a resource's list (page) query -------------------------------------------------
// A page is `WHERE organiser_id = ? [AND project/activity scope] [AND filters] ORDER BY <sort>, id
// LIMIT n OFFSET m` plus a count of the same WHERE. The service (server/services/resources/service.ts)
// first takes the page's ids alone and only then reads those rows with their joins, so both the ids
// and the count can be answered from an index without touching the table, if the index holds every
// column the WHERE and ORDER BY name. Hence every list index is organiser_id, its own leading columns,
// id (the tie-breaker, which also makes the key unique, so what follows cannot change the order), and
// then the narrow columns a list compares for equality: scope, `eq` filters, state fields. PostgreSQL
// filters those inside the index (an index-only scan), whichever combination of filters a user picks.

/** Narrow column kinds worth carrying in every list index (texts would make each entry wide). */
const NARROW_KINDS: ReadonlySet<string> = new Set(['smallint', 'integer', 'ref', 'boolean']);

/** The scope columns a list narrows by (besides organiser_id), most selective first. */
function scopeColumns(def: ResourceDef): string[] {
  if (def.scope === 'activity') return ['activityId', 'projectId'];
  if (def.scope === 'project') return ['projectId'];
  return [];
}

/** Columns a page compares for equality: its scope, its `eq` filters on narrow columns, its state fields (unless they change in bulk). */
export function equalityColumns(def: ResourceDef): string[] {
  const filters = def.fields.filter((f) => f.filter === 'eq' && NARROW_KINDS.has(fieldType(f).column(f).kind)).map((f) => f.name);
  const states = def.bulkStates ? [] : (def.machines ?? []).map((m) => m.field);
  return [...new Set([...scopeColumns(def), ...filters, ...states])];
}

interface ListIndex {
  /** Key columns after organiser_id and before id. */
  parts: string[];
  /** Name parts (the index is named `<table>_<label>_idx`). */
  label: string[];
}

/**
 * The list indexes of a definition: created_at within a project or activity, the definition's declared
 * `indexes`, and one per sort a page can ask for (the default sort and every sortable field) that no
 * declared index already starts with. An activity's rows are listed one activity at a time, so its sort
 * indexes lead with activity_id.
 */
export function listIndexes(def: ResourceDef): ListIndex[] {
  const out: ListIndex[] = [];
  const add = (parts: string[], label: string[] = parts) => {
    if (!out.some((i) => i.parts.join() === parts.join())) out.push({ parts, label });
  };
  if (def.scope === 'project') add(['projectId', 'createdAt'], ['project', 'createdAt']);
  if (def.scope === 'activity') add(['activityId', 'createdAt'], ['activity', 'createdAt']);
  for (const parts of def.indexes ?? []) add([...parts]);
  const sorts = [def.defaultSort.sort, ...def.fields.filter((f) => f.sortable && fieldType(f).column(f).kind !== 'join').map((f) => f.name)];
  for (const sort of sorts) {
    if (def.scope === 'activity') add(['activityId', sort], ['activity', sort, 'sort']);
    else if (!out.some((i) => i.parts.length === 1 && i.parts[0] === sort)) add([sort], [sort, 'sort']);
  }
  return out;
}

function buildResourceTable(def: ResourceDef) {
  const columns: Record<string, ColumnBuilder> = {
    id: id(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id),
  };
  if (def.scope !== 'organiser') {
    columns.projectId = integer('project_id')
      .notNull()
      .references(() => projects.id);
  }
  if (def.scope === 'activity') {
    columns.activityId = integer('activity_id')
      .notNull()
      .references(() => activities.id);
  }
  for (const field of def.fields) {
    const column = fieldColumn(field);
    if (column) columns[field.name] = column;
  }
  for (const machine of def.machines ?? []) {
    columns[machine.field] = smallint(snake(machine.field)).notNull().default(initialValue(machine));
  }
  if (def.searchKey) columns.searchKey = text('search_key');
  if (def.scanId) columns.scanId = varchar('scan_id', { length: 64 });
  columns.createdBy = integer('created_by').references(() => users.id, { onDelete: 'set null' });
  columns.updatedBy = integer('updated_by').references(() => users.id, { onDelete: 'set null' });
  columns.createdAt = createdAt();
  columns.updatedAt = updatedAt();
  // The row's version for a save's optimistic check: bumped by the trigger zbzj_bump_version (migration
  // 0026_row_version; a resource table added later gets its trigger in its own migration, see
  // docs/architecture.md 「新增一个普通资源」) on every UPDATE that sets updated_at, so every writer that stamps a change (save, state moves,
  // bulk operations, hooks) makes a form read before it stale, whatever the clock says.
  columns.version = integer('version').notNull().default(0);

  return pgTable(def.table, columns, (t) => {
    const cols = t as unknown as Record<string, AnyPgColumn>;
    const name = (parts: readonly string[], suffix: string) => `${def.table}_${parts.map(snake).join('_')}_${suffix}`.slice(0, 63);
    const out = [];
    for (const list of listIndexes(def)) {
      const key = [...list.parts, 'id'];
      out.push(index(name(list.label, 'idx')).on(cols.organiserId, ...[...key, ...equalityColumns(def).filter((c) => !key.includes(c))].map((c) => cols[c])));
    }
    out.push(index(name(['scope'], 'idx')).on(cols.organiserId, ...scopeColumns(def).map((c) => cols[c])));
    for (const field of def.fields) {
      if (field.trigram) out.push(index(name([field.name], 'trgm')).using('gin', (cols[field.name] as unknown as ExtraConfigColumn).op('gin_trgm_ops')));
      if (field.type === 'ref') out.push(index(name([field.name], 'fk')).on(cols[field.name]));
      if (field.unique || def.autoCode?.field === field.name) out.push(uniqueIndex(name([field.name], 'uq')).on(cols.organiserId, cols[field.name]));
    }
    if (def.searchKey) {
      out.push(index(name(['searchKey'], 'trgm')).using('gin', (cols.searchKey as unknown as ExtraConfigColumn).op('gin_trgm_ops')));
      out.push(index(name(['searchKey', 'missing'], 'idx')).on(cols.organiserId, ...scopeColumns(def).map((c) => cols[c])).where(sql`${cols.searchKey} is null`));
    }
    for (const unique of def.uniques ?? []) out.push(uniqueIndex(uniqueIndexName(def, unique.fields)).on(cols.organiserId, ...unique.fields.map((f) => cols[f])));
    if (def.scanId) out.push(uniqueIndex(name(['scanId'], 'uq')).on(cols.organiserId, cols.scanId));
    return out;
  });
}

function buildLinesTable(def: ResourceDef, lines: LinesDef) {
  const columns: Record<string, ColumnBuilder> = {
    id: id(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id),
    parentId: integer('parent_id')
      .notNull()
      .references((): AnyPgColumn => resourceTables.get(def.key)!.id as AnyPgColumn, { onDelete: 'cascade' }),
    sort: integer('sort').notNull().default(0),
  };
  for (const field of lines.fields) {
    const column = fieldColumn(field);
    if (column) columns[field.name] = column;
  }
  return pgTable(lines.table, columns, (t) => {
    const cols = t as unknown as Record<string, AnyPgColumn>;
    return [
      index(`${lines.table}_parent_idx`).on(cols.parentId, cols.sort),
      ...lines.fields.filter((f) => f.type === 'ref').map((f) => index(`${lines.table}_${snake(f.name)}_fk`).on(cols[f.name])),
    ];
  });
}

/** The join table of a multi-reference: which rows of the target one row points at. */
function buildJoinTable(def: ResourceDef, field: FieldDef) {
  const table = `${def.table}_${snake(field.name)}`.slice(0, 63);
  return pgTable(
    table,
    {
      organiserId: integer('organiser_id')
        .notNull()
        .references(() => organisers.id),
      parentId: integer('parent_id')
        .notNull()
        .references((): AnyPgColumn => resourceTables.get(def.key)!.id as AnyPgColumn, { onDelete: 'cascade' }),
      targetId: integer('target_id')
        .notNull()
        .references((): AnyPgColumn => resourceTables.get(field.ref!)!.id as AnyPgColumn),
    },
    (t) => [primaryKey({ columns: [t.parentId, t.targetId] }), index(`${table}_target_idx`.slice(0, 63)).on(t.targetId)],
  );
}

for (const def of RESOURCES) {
  if (!resourceTables.has(def.key)) resourceTables.set(def.key, buildResourceTable(def) as unknown as AnyPgTable);
  if (def.lines) lineTables.set(def.key, buildLinesTable(def, def.lines) as unknown as AnyPgTable);
  for (const field of def.fields.filter((f) => fieldType(f).column(f).kind === 'join')) {
    joinTables.set(`${def.key}.${field.name}`, buildJoinTable(def, field) as unknown as AnyPgTable);
  }
}

/** The business row a side table hangs off: its tenant, its resource key (domain/registry.ts) and its id. */
const businessRowRef = () => ({
  organiserId: integer('organiser_id')
    .notNull()
    .references(() => organisers.id),
  resource: varchar('resource', { length: 32 }).notNull(),
  rowId: integer('row_id').notNull(),
});

/** Every state change of a business row: which resource, which row, which field, from/to, why, who, when. */
export const stateChanges = pgTable(
  'state_changes',
  {
    id: id(),
    ...businessRowRef(),
    field: varchar('field', { length: 32 }).notNull(),
    fromValue: smallint('from_value').notNull(),
    toValue: smallint('to_value').notNull(),
    remark: varchar('remark', { length: 255 }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('state_changes_row_idx').on(t.resource, t.rowId, t.createdAt)],
);

/** Raw bytes (PostgreSQL bytea); drizzle has no built-in bytea column. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * SMS verification codes. Only a hash of the code is kept; a code is good until expires_at, for at most
 * a few wrong attempts, and once. purpose: register | resetPassword.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: id(),
    mobile: varchar('mobile', { length: 11 }).notNull(),
    purpose: varchar('purpose', { length: 20 }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    attempts: smallint('attempts').notNull().default(0),
    consumedAt: instant('consumed_at'),
    ip: varchar('ip', { length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('sms_codes_mobile_idx').on(t.mobile, t.purpose, t.createdAt)],
);

/** A file sent with an email: name, MIME type and the bytes in base64 (a QR code, an .ics). */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  base64: string;
  /** An image also shown in the mail's body (`<img src="cid:…">`), as well as attached. */
  cid?: string;
}

/**
 * Every email and SMS the product sends, one row each (server/services/outbox/): written queued, in the
 * caller's transaction, and sent by the worker of any replica that claims it (FOR UPDATE SKIP LOCKED).
 * `secret` is the one part no operator may read (a verification code): it is cleared as soon as the row
 * is sent or given up, and `text` carries it masked. organiser_id/project_id are null for messages of no
 * organiser (codes of sign-up and password recovery), which only the platform's admins see.
 */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: id(),
    /** email | sms */
    channel: varchar('channel', { length: 8 }).notNull(),
    /** register | resetPassword | preRegistration | approval | cancellation | qrCode | notice | passwordReset */
    kind: varchar('kind', { length: 32 }).notNull(),
    template: varchar('template', { length: 64 }),
    organiserId: integer('organiser_id'),
    projectId: integer('project_id'),
    personId: integer('person_id'),
    recipient: varchar('recipient', { length: 254 }).notNull(),
    subject: varchar('subject', { length: 300 }),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    secret: varchar('secret', { length: 64 }),
    /**
     * The client address of the signed-out request that made this message (a public form's confirmation to
     * an address nobody proved), null for what staff and the product send: such messages count against the
     * SMS caps per mobile and per address with the codes (server/services/publicSends.ts).
     */
    ip: varchar('ip', { length: 64 }),
    /**
     * The List-Unsubscribe header of a bulk email (isBulkKind of domain/messaging/templates.ts): this
     * recipient's signed one-click link, and the unsubscribe mailbox when one is configured. Null for
     * transactional mail and SMS, which carry no such header (server/services/outbox/links.ts).
     */
    listUnsubscribe: text('list_unsubscribe'),
    /** queued | sending | sent | failed */
    state: varchar('state', { length: 8 }).notNull().default('queued'),
    attempts: smallint('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 500 }),
    /** Who delivered it: smtp, aliyun, or outbox (no channel configured: the row is the only trace). */
    provider: varchar('provider', { length: 32 }),
    providerMessageId: varchar('provider_message_id', { length: 200 }),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
    /** While 'sending': until when the claiming worker owns it; after that another worker may take it over. */
    leaseUntil: instant('lease_until'),
    createdAt: createdAt(),
    sentAt: instant('sent_at'),
  },
  (t) => [
    index('outbox_messages_due_idx').on(t.channel, t.state, t.nextAttemptAt),
    index('outbox_messages_organiser_idx').on(t.organiserId, t.createdAt),
    index('outbox_messages_recipient_idx').on(t.recipient, t.createdAt),
    index('outbox_messages_ip_idx').on(t.ip, t.createdAt).where(sql`${t.ip} is not null`),
  ],
);

/**
 * A message to many attendees not yet written as outbox rows (审核通过 / 登记取消 of a bulk move): one row
 * in the move's transaction instead of two rendered messages per attendee. The outbox worker of any
 * replica expands it a chunk at a time (server/modules/meeting/statusFanout.service.ts): each chunk's messages are
 * queued and its ids removed from person_ids in one transaction, and the row goes when none are left.
 */
export const outboxFanouts = pgTable(
  'outbox_fanouts',
  {
    id: id(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id, { onDelete: 'cascade' }),
    /** A kind of domain/messaging/templates.ts (approved, cancelled). */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** The attendees still to be written, in the order they are expanded. */
    personIds: integer('person_ids').array().notNull(),
    /** Where the product is reached, as the move's request saw it: the messages' personal links. */
    origin: varchar('origin', { length: 500 }).notNull(),
    /** The move's time: the messages are queued as of it, as they were when written in the move. */
    createdAt: createdAt(),
    /** Failed expansions (logged): the next waits longer (backoffMs of worker.ts). */
    attempts: smallint('attempts').notNull().default(0),
    lastError: varchar('last_error', { length: 500 }),
    nextAttemptAt: instant('next_attempt_at').notNull().defaultNow(),
  },
  (t) => [index('outbox_fanouts_due_idx').on(t.nextAttemptAt, t.id)],
);

/**
 * 消息模板: an organiser's own words for one kind of message (domain/messaging/templates.ts); a kind
 * without a row sends the default. One row per organiser and kind; 恢复默认 deletes it.
 */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: id(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id, { onDelete: 'cascade' }),
    /**
     * 所属活动: this activity's own template of the kind, used for its messages before the organiser's
     * (templateFor of server/modules/messaging/compose.service.ts); null = the organiser's template.
     */
    activityId: integer('activity_id').references(() => activities.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 300 }).notNull(),
    body: text('body').notNull(),
    sms: varchar('sms', { length: 500 }).notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  // One template per kind for the organiser, and one per kind for each of its activities.
  (t) => [
    uniqueIndex('message_templates_kind_uq').on(t.organiserId, t.kind).where(sql`${t.activityId} is null`),
    uniqueIndex('message_templates_activity_kind_uq').on(t.activityId, t.kind).where(sql`${t.activityId} is not null`),
  ],
);

/**
 * 退订: an address (email or mobile) that asked an organiser for no more non-transactional messages
 * (MESSAGE_KINDS[].transactional false). Kept per address within the organiser, not per registration:
 * the same person registers for the organiser's next activity with the same mobile and stays unsubscribed.
 */
export const messageOptouts = pgTable(
  'message_optouts',
  {
    id: id(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id, { onDelete: 'cascade' }),
    address: varchar('address', { length: 254 }).notNull(),
    /** The registration whose link was used (none when it was deleted since). */
    personId: integer('person_id'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('message_optouts_address_uq').on(t.organiserId, t.address)],
);

/**
 * Links that open one record to someone without an account. `kind` is the public page that shows it
 * (htxx, bjdxxSzJd, bjdxxSzZg, bjdxxZh, tcdxx, zwsx, preInfo, showEduProject); `resource` and `row_id`
 * name the record. The token is random (32 bytes) and kept as is, so staff can copy the link again;
 * it guards nothing more than the row it points to, which lives in the same database.
 */
export const shareLinks = pgTable(
  'share_links',
  {
    id: id(),
    ...businessRowRef(),
    kind: varchar('kind', { length: 32 }).notNull(),
    token: varchar('token', { length: 64 }).notNull(),
    expiresAt: instant('expires_at'),
    revokedAt: instant('revoked_at'),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
    openCount: integer('open_count').notNull().default(0),
    lastOpenedAt: instant('last_opened_at'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('share_links_token_uq').on(t.token), index('share_links_row_idx').on(t.organiserId, t.resource, t.rowId)],
);

/** Files attached to a business row (e.g. an order's 附件, shown on the shared tcdFj page). */
export const attachments = pgTable(
  'attachments',
  {
    id: id(),
    ...businessRowRef(),
    fileName: varchar('file_name', { length: 200 }).notNull(),
    mime: varchar('mime', { length: 100 }).notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('attachments_row_idx').on(t.organiserId, t.resource, t.rowId, t.createdAt)],
);

/**
 * The signing pairs (ApiKey + secret) the server accepts besides the API_KEYS bootstrap pair. The secret
 * must be kept as is: the server recomputes each request's signature with it. status: 1 on, 0 off.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    name: varchar('name', { length: 50 }).notNull(),
    apiKey: varchar('api_key', { length: 64 }).notNull(),
    secret: varchar('secret', { length: 128 }).notNull(),
    status: smallint('status').notNull().default(1),
    remark: varchar('remark', { length: 255 }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: instant('last_used_at'),
  },
  (t) => [uniqueIndex('api_keys_key_uq').on(t.apiKey)],
);

/**
 * 审计日志: append-only. Who (user id and username as they were, no foreign key so a record outlives
 * its user), when, from where, what: sign-ins and their failures, sign-outs, password changes and resets,
 * grant changes, and every create/update/remove/state change of business records, with before → after
 * of the changed fields in `changes`. Written in the transaction of the change it records.
 * organiser_id null = a system-wide event (menus, API keys, a sign-in under an unknown username).
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: id(),
    organiserId: integer('organiser_id'),
    userId: integer('user_id'),
    username: varchar('username', { length: 32 }),
    action: varchar('action', { length: 32 }).notNull(),
    resource: varchar('resource', { length: 32 }),
    rowId: integer('row_id'),
    summary: varchar('summary', { length: 255 }).notNull(),
    changes: jsonb('changes').$type<AuditChange[]>(),
    address: varchar('address', { length: 64 }),
    entry: varchar('entry', { length: 32 }),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_logs_organiser_time_idx').on(t.organiserId, t.createdAt),
    index('audit_logs_action_time_idx').on(t.action, t.createdAt),
    index('audit_logs_row_idx').on(t.resource, t.rowId),
  ],
);

/**
 * 自动排座's runs, kept so that the last run of a hall can be undone: which seats it filled with whom
 * (`assignments`, [seatId, personId] pairs), when, by whom; `undone_at` once taken back. The seats hold
 * the truth; a run is only the memory of what one pass changed (server/modules/meeting/seatAuto.service.ts).
 */
export const seatAutoRuns = pgTable(
  'seat_auto_runs',
  {
    id: id(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id),
    activityId: integer('activity_id').notNull(),
    hallId: integer('hall_id').notNull(),
    assignments: jsonb('assignments').$type<Array<[number, number]>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    undoneAt: instant('undone_at'),
  },
  (t) => [index('seat_auto_runs_hall_idx').on(t.organiserId, t.activityId, t.hallId, t.createdAt)],
);

/**
 * Every scan a 签到台 judged offline and uploaded later (server/modules/meeting/deskUpload.service.ts), one row
 * per scan id and organiser, with the answer it was given: the same scan sent again (a retried upload,
 * two tabs, two replicas) is answered the same and writes nothing. A scan that recorded a pass also
 * stamps it (gate_checkins.scan_id). `conflict` marks the scans where the server's verdict differed from
 * the desk's, for staff to look at. `gate_id` is the gate the desk named (no reference: it may be one the
 * caller may not use).
 */
export const deskScans = pgTable(
  'gate_desk_scans',
  {
    id: id(),
    organiserId: integer('organiser_id')
      .notNull()
      .references(() => organisers.id),
    scanId: varchar('scan_id', { length: 64 }).notNull(),
    gateId: integer('gate_id').notNull(),
    personId: integer('person_id'),
    /** The instant at the door, as the pass was stamped (a future one clamped to the upload). */
    doorAt: instant('door_at').notNull(),
    deskVerdict: varchar('desk_verdict', { length: 16 }).notNull(),
    verdict: varchar('verdict', { length: 16 }).notNull(),
    conflict: boolean('conflict').notNull(),
    /** The answer as first given (without `repeated`). */
    answer: jsonb('answer').$type<Omit<DeskUploadResult, 'repeated'>>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('gate_desk_scans_scan_id_uq').on(t.organiserId, t.scanId),
    index('gate_desk_scans_conflict_idx').on(t.organiserId, t.createdAt).where(sql`${t.conflict}`),
  ],
);
