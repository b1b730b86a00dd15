import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client';
import { BULK_KINDS } from '@domain/messaging/templates';
import { messageOptouts, outboxMessages, type OutboxAttachment } from '../../db/schema';

/** What a caller says about a message; the rest (state, attempts, times) the outbox fills in. */
export interface NewOutboxMessage {
  channel: string;
  kind: string;
  template?: string | null;
  organiserId?: number | null;
  projectId?: number | null;
  personId?: number | null;
  recipient: string;
  subject?: string | null;
  text: string;
  html?: string | null;
  attachments?: OutboxAttachment[] | null;
  secret?: string | null;
  /** The client address of the signed-out request that made it (server/services/publicSends.ts). */
  ip?: string | null;
  /** A bulk email's List-Unsubscribe header (messagesFor of compose.ts; links.ts). */
  listUnsubscribe?: string | null;
}

/** Rows per INSERT: the rows travel as one JSON parameter, so a chunk bounds its size, not a parameter count. */
const CHUNK = 2000;

/**
 * Queues messages in the caller's transaction (pass it as `db`): they are sent only if it commits, and
 * all of them are (a notice to 5 000 attendees is one transaction). Tell the worker afterwards
 * (app.outbox.kick) so it does not wait for its next poll. The rows go as one jsonb parameter per chunk:
 * a parameter per column and row (16 per message) makes thousands of rows slow to bind. A message of a
 * non-transactional kind to an address that unsubscribed from its organiser (message_optouts) is not
 * written: consent is kept here, for every sender and channel, and the answer holds only the ids written.
 */
export async function enqueueMessages(db: AppDb, messages: readonly NewOutboxMessage[], now: number): Promise<number[]> {
  const ids: number[] = [];
  const at = new Date(now);
  for (let i = 0; i < messages.length; i += CHUNK) {
    const rows = messages.slice(i, i + CHUNK).map((message) => ({
      channel: message.channel,
      kind: message.kind,
      template: message.template ?? null,
      organiser_id: message.organiserId ?? null,
      project_id: message.projectId ?? null,
      person_id: message.personId ?? null,
      recipient: message.recipient,
      subject: message.subject ?? null,
      text: message.text,
      html: message.html ?? null,
      attachments: message.attachments ?? null,
      secret: message.secret ?? null,
      ip: message.ip ?? null,
      list_unsubscribe: message.listUnsubscribe ?? null,
    }));
    // Both drivers (node-postgres, PGlite) answer execute() with { rows }; AppDb's type does not say so.
    const result = (await db.execute(sql`
      insert into ${outboxMessages} (channel, kind, template, organiser_id, project_id, person_id, recipient, subject, text, html, attachments, secret, ip, list_unsubscribe, next_attempt_at, created_at)
      select channel, kind, template, organiser_id, project_id, person_id, recipient, subject, text, html, attachments, secret, ip, list_unsubscribe, ${at}, ${at}
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
        channel varchar, kind varchar, template varchar, organiser_id int, project_id int, person_id int, recipient varchar,
        subject varchar, text text, html text, attachments jsonb, secret varchar, ip varchar, list_unsubscribe varchar)
      where not (v.kind in (${sql.join(BULK_KINDS.map((kind) => sql`${kind}`), sql`, `)})
        and exists (select 1 from ${messageOptouts} o where o.organiser_id = v.organiser_id and o.address = v.recipient))
      returning id`)) as unknown as { rows: { id: number }[] };
    ids.push(...result.rows.map((row) => row.id));
  }
  return ids;
}
