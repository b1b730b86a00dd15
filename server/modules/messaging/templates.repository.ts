import { and, eq } from 'drizzle-orm';
import { MESSAGE_KINDS, TEMPLATE_VARIABLES, type MessageKindKey, type MessageTemplate } from '@domain/messaging/templates';
import type { TemplateKindRow } from '@domain/messaging/templates.contracts';
import type { AppDb } from '../../db/client';
import { messageTemplates as t } from '../../db/schema';
import { chinaDateTime } from '../../lib/dates';

/** The SQL of 会务服务 → 消息模板: every query names the organiser, so one never reads another's. */

/** The organiser's own template of a kind, or undefined when it writes none (the default applies). */
export async function ownTemplate(db: AppDb, organiserId: number, kind: MessageKindKey): Promise<MessageTemplate | undefined> {
  const [row] = await db
    .select({ subject: t.subject, body: t.body, sms: t.sms })
    .from(t)
    .where(and(eq(t.organiserId, organiserId), eq(t.kind, kind)));
  return row;
}

export async function listTemplates(db: AppDb, organiserId: number): Promise<TemplateKindRow[]> {
  const own = new Map((await db.select().from(t).where(eq(t.organiserId, organiserId))).map((row) => [row.kind, row]));
  return MESSAGE_KINDS.map((kind) => {
    const row = own.get(kind.key);
    return {
      kind: kind.key,
      label: kind.label,
      transactional: kind.transactional,
      variables: kind.variables.map((name) => ({ name, description: TEMPLATE_VARIABLES[name] })),
      template: row ? { subject: row.subject, body: row.body, sms: row.sms } : { ...kind.defaults },
      defaults: { ...kind.defaults },
      custom: row !== undefined,
      updatedAt: row ? chinaDateTime(row.updatedAt) : null,
    };
  });
}

export async function saveTemplate(db: AppDb, organiserId: number, kind: MessageKindKey, template: MessageTemplate, userId: number, now: Date): Promise<void> {
  await db
    .insert(t)
    .values({ organiserId, kind, ...template, updatedBy: userId, updatedAt: now })
    .onConflictDoUpdate({ target: [t.organiserId, t.kind], set: { ...template, updatedBy: userId, updatedAt: now } });
}

export async function resetTemplate(db: AppDb, organiserId: number, kind: MessageKindKey): Promise<void> {
  await db.delete(t).where(and(eq(t.organiserId, organiserId), eq(t.kind, kind)));
}
