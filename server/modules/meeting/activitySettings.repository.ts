import { eq } from 'drizzle-orm';
import { person } from '@domain/meeting/resources';
import { requiredMessage } from '@domain/resource/framework';
import type { FieldError } from '@domain/core/envelope';
import type { ActivityDates } from '@domain/meeting/gateVerdict';
import type { AppDb } from '../../db/client';
import { activities } from '../../db/schema';

/**
 * The attendee settings of an activity (活动「要求证件」「默认人员类别」), read by every way an attendee is
 * entered — the form, the import and the public pre-registration — so that all of them ask the same.
 */
export interface AttendeeSettings {
  requireId: boolean;
  defaultKind: number;
}

const KIND_DEFAULT = Number(person.fields.find((f) => f.name === 'kind')!.defaultValue);
const ID_FIELDS = person.fields.filter((f) => f.name === 'idType' || f.name === 'idNo');

export async function attendeeSettings(db: AppDb, activityId: number): Promise<AttendeeSettings> {
  const [row] = await db.select({ requireId: activities.requireId, defaultKind: activities.defaultKind }).from(activities).where(eq(activities.id, activityId));
  return { requireId: row?.requireId === true, defaultKind: row?.defaultKind ?? KIND_DEFAULT };
}

const blank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** 证件类型 and 证件号码 left blank where the activity asks for them. */
export function certificateErrors(settings: AttendeeSettings, values: Record<string, unknown>): FieldError[] {
  if (!settings.requireId) return [];
  return ID_FIELDS.filter((f) => blank(values[f.name])).map((f) => ({ field: f.name, msg: requiredMessage(f) }));
}

/**
 * The dates of an activity with its 活动日期外扫码, as the gate rule takes them (domain/meeting/gateVerdict.ts);
 * `marginMs`: DESK_UPLOAD_MARGIN_H. Null for an activity that is not there.
 */
export async function activityDates(db: AppDb, activityId: number, marginMs: number): Promise<ActivityDates | null> {
  const [row] = await db
    .select({ firstDay: activities.srq, lastDay: activities.erq, offDayScan: activities.offDayScan })
    .from(activities)
    .where(eq(activities.id, activityId));
  return row ? { ...row, marginMs } : null;
}
