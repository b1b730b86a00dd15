import { and, asc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
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
import { type FieldError } from '@domain/core/envelope';
import { activity } from '@domain/projects/resources';
import { openableState, registrationState } from '@domain/meeting/registrationState';
import { person } from '@domain/meeting/resources';
import { checkFields, fieldLabel, fieldOf, machineOf, stateLabel, stateValue } from '@domain/resource/framework';
import { fieldType } from '@domain/resource/fieldTypes';
import type { FieldDef } from '@domain/resource/types';
import type { AppDb } from '../../db/client';
import { activities, organisers, outboxMessages, projects } from '../../db/schema';
import { autoCodeOf, chinaDay } from '../../lib/dates';
import { fieldErrors, refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import { tableOf, columnsOf, type Row } from '../resources/model';
import * as service from '../resources/service';
import { uniqueRefusal } from '../resources/service';
import type { Caller } from '../resources/model';
import { enqueueMessages } from '../outbox/queue';
import { maskMobile } from '../smsSender';
import { attendeeSettings, certificateErrors } from './activitySettings';
import { attendeeMessages } from './attendeeMessages';
import { newPersonCode } from './personCode';
import { personSearchKey } from './personSearchKey';

/**
 * 扫码预登记: a visitor scans a project's or an activity's QR code and registers for an activity without an
 * account. An activity is open for it while it is 报名中 or 进行中 and its last day (China time) has not
 * passed; its project's state plays no part (docs/decisions/0017-registration-by-activity-alone.md). The
 * form offers open activities only; for a closed one the notice says, in a visitor's words, whether it
 * has not begun, is over or was cancelled. Unknown targets and those of a disabled organiser get one
 * refusal.
 */

export type PreRegistrationInput = Partial<Record<PreRegistrationField, string>>;

/** A repeated registration of one mobile resends its personal link at most once in this window. */
export const PRE_REG_RESEND_WINDOW_MS = 10 * 60 * 1000;

const OPEN_ACTIVITY_STATES = [stateValue(activity, 'status', 'registering'), stateValue(activity, 'status', 'running')];
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
    activities: rows.map((a): PreRegistrationActivity => ({ id: a.id, name: a.name, srq: a.srq, erq: a.erq, address: a.address, requireId: a.requireId === true })),
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

/**
 * Registers the visitor for an open activity: one pending person with source 扫码预登记, a personal code
 * and a badge number, in the activity's organiser and project, and its confirmation queued (登记确认:
 * personal link, QR code, calendar file) in the same transaction. When the mobile is already registered
 * for the activity nothing is created: the existing registration's link is queued again to its own
 * mobile and email — so registering someone else's mobile first blocks nobody — and the answer is the
 * same as for a new one (PreRegistrationReceipt). Refuses (and writes nothing) when the activity is not
 * open or a field is wrong.
 */
export async function register(db: AppDb, activityId: number, input: PreRegistrationInput, now: Date, origin: string): Promise<PreRegistrationReceipt> {
  const [target] = await openActivities(db, chinaDay(now), eq(activities.id, activityId));
  if (!target) throw refuse(MSG.preRegClosed);

  const errors = checkInput(input);
  errors.push(...certificateErrors(await attendeeSettings(db, target.id), { ...input }));
  if (errors.length) throw fieldErrors(errors, (path) => fieldLabel(person, path));
  const values: Row = {};
  for (const field of formFields) {
    const raw = input[field.name as PreRegistrationField];
    values[field.name] = raw === undefined || raw.trim() === '' ? null : fieldType(field).toColumn(raw.trim(), field);
  }
  // As staff entry stores it: the check digit X upper-case, as printed on the card.
  if (values.idType === ID_CARD && typeof values.idNo === 'string') values.idNo = values.idNo.toUpperCase();
  const receipt: PreRegistrationReceipt = { name: values.name as string, sentTo: maskMobile(String(values.mobile)) };
  const confirm = async (tx: AppDb, personId: number) =>
    enqueueMessages(tx, await attendeeMessages(tx, 'registered', [personId], { origin, now, attach: true }), now.getTime());
  const registered = () =>
    db
      .select({ id: cols.id })
      .from(tableOf(person))
      .where(and(eq(cols.organiserId, target.organiserId), eq(cols.activityId, target.id), eq(cols.mobile as AnyPgColumn, values.mobile)))
      .limit(1);

  const [taken] = await registered();
  if (taken) {
    // Someone submitting a mobile over and over must not flood its owner: one resend per window.
    const [recent] = await db
      .select({ id: outboxMessages.id })
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, String(values.mobile)), eq(outboxMessages.kind, 'registered'), eq(outboxMessages.personId, Number(taken.id)), gte(outboxMessages.createdAt, new Date(now.getTime() - PRE_REG_RESEND_WINDOW_MS))))
      .limit(1);
    if (!recent) await confirm(db, Number(taken.id));
    return receipt;
  }

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
        const [created] = await tx.insert(tableOf(person)).values(row as never).returning({ id: cols.id });
        const badge = autoCodeOf(person.autoCode!.prefix, now, created.id as number);
        await tx.update(tableOf(person)).set({ badgeNo: badge } as never).where(eq(cols.id, created.id));
        // The confirmation is queued with the row: both or neither.
        await confirm(tx as unknown as AppDb, Number(created.id));
      }),
    );
    return receipt;
  } catch (error) {
    // Two submits of the same mobile racing: the unique index decides, and the loser is answered as a repeat.
    const raced = (error as { data?: { errors?: FieldError[] } }).data?.errors?.some((e) => e.field === 'mobile');
    if (!raced) throw error;
    const [winner] = await registered();
    if (winner) await confirm(db, Number(winner.id));
    return receipt;
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

/** What a QR code that leads to no open activity tells the visitor (domain/meeting/preRegistration.contracts.ts). */
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
    .where(and(eq(organisers.status, USER_STATUS.active), where))
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
  const scope: SQL[] = [eq(activities.organiserId, caller.organiser.id), where];
  if (authorised.projectScope !== null) scope.push(inArray(activities.projectId, authorised.projectScope));
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
