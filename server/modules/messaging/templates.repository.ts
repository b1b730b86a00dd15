import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { MESSAGE_KINDS, TEMPLATE_VARIABLES, type MessageKindKey, type MessageTemplate } from '@domain/messaging/templates';
import type { ActivityTemplateRow, TemplateKindRow } from '@domain/messaging/templates.contracts';
import type { AppDb } from '../../db/client';
import { activities, messageTemplates as t } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';

/**
 * The SQL of 会务服务 → 消息模板: every query names the organiser, so one never reads another's. A row
 * with an activity is that activity's own template; without, the organiser's.
 */

/** The rows of one level: the organiser's (activityId null) or one activity's. */
const level = (organiserId: number, activityId: number | null): SQL =>
  and(eq(t.organiserId, organiserId), activityId === null ? isNull(t.activityId) : eq(t.activityId, activityId))!;

/**
 * The template of a kind an organiser wrote for `activityId` (its own, else the organiser's), or
 * undefined when neither is written (the default applies). One query: the activity's row sorts first.
 */
export async function ownTemplate(db: AppDb, organiserId: number, kind: MessageKindKey, activityId: number | null = null): Promise<MessageTemplate | undefined> {
  const [row] = await db
    .select({ subject: t.subject, body: t.body, sms: t.sms })
    .from(t)
    .where(and(eq(t.organiserId, organiserId), eq(t.kind, kind), activityId === null ? isNull(t.activityId) : or(isNull(t.activityId), eq(t.activityId, activityId))))
    .orderBy(sql`${t.activityId} is null`)
    .limit(1);
  return row;
}

/** Every kind at one level: for an activity its own template, else the organiser's, else the default. */
export async function listTemplates(db: AppDb, organiserId: number, activityId: number | null): Promise<TemplateKindRow[]> {
  const rows = await db
    .select()
    .from(t)
    .where(and(eq(t.organiserId, organiserId), activityId === null ? isNull(t.activityId) : or(isNull(t.activityId), eq(t.activityId, activityId))));
  const own = new Map(rows.filter((row) => row.activityId === activityId).map((row) => [row.kind, row]));
  const organiser = new Map(activityId === null ? [] : rows.filter((row) => row.activityId === null).map((row) => [row.kind, row]));
  const text = (row: { subject: string; body: string; sms: string }): MessageTemplate => ({ subject: row.subject, body: row.body, sms: row.sms });
  return MESSAGE_KINDS.map((kind) => {
    const mine = own.get(kind.key);
    const inherited = organiser.get(kind.key);
    const fallback = inherited ? text(inherited) : { ...kind.defaults };
    return {
      kind: kind.key,
      label: kind.label,
      transactional: kind.transactional,
      variables: kind.variables.map((name) => ({ name, description: TEMPLATE_VARIABLES[name] })),
      template: mine ? text(mine) : fallback,
      defaults: fallback,
      custom: mine !== undefined,
      source: mine ? (activityId === null ? 'organiser' : 'activity') : inherited ? 'organiser' : 'default',
      activityId,
      updatedAt: mine ? chinaDateTime(mine.updatedAt) : null,
    };
  });
}

/** The activity templates of the given activities (the caller's scope), by activity and kind. */
export async function listActivityTemplates(db: AppDb, organiserId: number, activityIds: readonly number[]): Promise<ActivityTemplateRow[]> {
  if (!activityIds.length) return [];
  const rows = await db
    .select({ activityId: activities.id, activityName: activities.name, kind: t.kind, updatedAt: t.updatedAt })
    .from(t)
    .innerJoin(activities, eq(activities.id, t.activityId))
    .where(and(eq(t.organiserId, organiserId), inArray(t.activityId, [...activityIds])))
    .orderBy(desc(activities.srq), asc(activities.id), asc(t.kind));
  const labels = new Map<string, string>(MESSAGE_KINDS.map((kind) => [kind.key, kind.label]));
  return rows.map((row) => ({ ...row, label: labels.get(row.kind) ?? row.kind, updatedAt: chinaDateTime(row.updatedAt) ?? '' }));
}

export async function saveTemplate(
  db: AppDb,
  organiserId: number,
  activityId: number | null,
  kind: MessageKindKey,
  template: MessageTemplate,
  userId: number,
  now: Date,
): Promise<void> {
  // Two partial unique indexes (message_templates_kind_uq, …_activity_kind_uq): the conflict names the level's.
  const conflict =
    activityId === null
      ? { target: [t.organiserId, t.kind], targetWhere: sql`${t.activityId} is null` }
      : { target: [t.activityId, t.kind], targetWhere: sql`${t.activityId} is not null` };
  await db
    .insert(t)
    .values({ organiserId, activityId, kind, ...template, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({ ...conflict, set: { ...template, updatedBy: userId, updatedAt: now } });
}

export async function resetTemplate(db: AppDb, organiserId: number, activityId: number | null, kind: MessageKindKey): Promise<void> {
  await db.delete(t).where(and(level(organiserId, activityId), eq(t.kind, kind)));
}
