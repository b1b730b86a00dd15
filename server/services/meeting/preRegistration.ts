import { and, asc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  PRE_REGISTRATION_FIELDS,
  PRE_REGISTRATION_KINDS,
  type PreRegistrationActivity,
  type PreRegistrationField,
  type PreRegistrationInfo,
  type PreRegistrationResult,
  type PreRegistrationState,
} from '@domain/meeting/preRegistration.contracts';
import { USER_STATUS } from '@domain/system/users.contracts';
import { type FieldError } from '@domain/core/envelope';
import { activity, project } from '@domain/projects/resources';
import { person } from '@domain/meeting/resources';
import { checkFields, fieldLabel, fieldOf, machineOf, stateLabel, stateValue } from '@domain/resource/framework';
import { fieldType } from '@domain/resource/fieldTypes';
import type { FieldDef } from '@domain/resource/types';
import type { AppDb } from '../../db/client';
import { activities, organisers, projects } from '../../db/schema';
import { autoCodeOf, chinaDay } from '../../lib/dates';
import { fieldErrors, refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import { tableOf, columnsOf, type Row } from '../resources/model';
import { uniqueRefusal } from '../resources/service';
import { newPersonCode } from './personCode';

/**
 * 扫码预登记: a visitor scans a project's or an activity's QR code and registers for an activity without an
 * account. An activity is open for it while its project is 进行中, the activity itself is 报名中 or 进行中,
 * and its last day (China time) has not passed. Whatever is not open — unknown, preparing, ended,
 * cancelled, another organiser's disabled account — gets the same answer, so the form reveals nothing
 * about activities it does not offer.
 */

export type PreRegistrationInput = Partial<Record<PreRegistrationField, string>>;

const OPEN_ACTIVITY_STATES = [stateValue(activity, 'status', 'registering'), stateValue(activity, 'status', 'running')];
const RUNNING_PROJECT = stateValue(project, 'status', 'running');
const PUBLIC_KINDS = PRE_REGISTRATION_KINDS.map((key) => stateValue(person, 'kind', key));
const ID_CARD = stateValue(person, 'idType', 'idCard');

const formFields: FieldDef[] = PRE_REGISTRATION_FIELDS.map((name) => fieldOf(person, name)!);
const cols = columnsOf(person);
const statusMachine = machineOf(person, 'status')!;

/** What makes an activity open for registration on `today` (China day), as SQL. */
function openWhere(today: string): SQL {
  return and(
    eq(organisers.status, USER_STATUS.active),
    eq(projects.status, RUNNING_PROJECT),
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
    activities: rows.map((a): PreRegistrationActivity => ({ id: a.id, name: a.name, srq: a.srq, erq: a.erq, address: a.address })),
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
 * and a badge number, in the activity's organiser and project. Refuses (and writes nothing) when the
 * activity is not open, a field is wrong, or the mobile is already registered for this activity.
 */
export async function register(db: AppDb, activityId: number, input: PreRegistrationInput, now: Date): Promise<PreRegistrationResult> {
  const [target] = await openActivities(db, chinaDay(now), eq(activities.id, activityId));
  if (!target) throw refuse(MSG.preRegClosed);

  const errors = checkInput(input);
  if (errors.length) throw fieldErrors(errors, (path) => fieldLabel(person, path));
  const values: Row = {};
  for (const field of formFields) {
    const raw = input[field.name as PreRegistrationField];
    values[field.name] = raw === undefined || raw.trim() === '' ? null : fieldType(field).toColumn(raw.trim(), field);
  }
  // As staff entry stores it: the check digit X upper-case, as printed on the card.
  if (values.idType === ID_CARD && typeof values.idNo === 'string') values.idNo = values.idNo.toUpperCase();

  const [taken] = await db
    .select({ id: cols.id })
    .from(tableOf(person))
    .where(and(eq(cols.organiserId, target.organiserId), eq(cols.activityId, target.id), eq(cols.mobile as AnyPgColumn, values.mobile)))
    .limit(1);
  if (taken) throw fieldErrors([{ field: 'mobile', msg: MSG.preRegMobileTaken }], (path) => fieldLabel(person, path));

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
    createdAt: now,
    updatedAt: now,
  };
  try {
    const badgeNo = await uniqueRefusal(person, () =>
      db.transaction(async (tx) => {
        const [created] = await tx.insert(tableOf(person)).values(row as never).returning({ id: cols.id });
        const badge = autoCodeOf(person.autoCode!.prefix, now, created.id as number);
        await tx.update(tableOf(person)).set({ badgeNo: badge } as never).where(eq(cols.id, created.id));
        return badge;
      }),
    );
    return { code, badgeNo, name: values.name as string };
  } catch (error) {
    // Two submits of the same mobile racing: the unique index decides, and the visitor reads our words.
    const raced = (error as { data?: { errors?: FieldError[] } }).data?.errors?.some((e) => e.field === 'mobile');
    if (raced) throw fieldErrors([{ field: 'mobile', msg: MSG.preRegMobileTaken }], (path) => fieldLabel(person, path));
    throw error;
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
