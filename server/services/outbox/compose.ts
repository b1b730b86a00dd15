import { messageKind, renderMessage, type MessageKindKey, type MessageTemplate, type TemplateValues } from '@domain/messaging/templates';
import type { AppDb } from '../../db/client';
import type { OutboxAttachment } from '../../db/schema';
import type { NewOutboxMessage } from './queue';

/**
 * Where a message's words come from and how one person's message becomes outbox rows. Every sender
 * (pre-registration, approval, resend, password reset, notices) goes through here, so an organiser's own
 * template (消息模板) applies to all of them once templateFor looks it up.
 */

/** The template an organiser sends for a kind: the default of domain/messaging/templates.ts for now. */
export async function templateFor(db: AppDb, organiserId: number | null, kind: MessageKindKey): Promise<MessageTemplate> {
  void db;
  void organiserId;
  return messageKind(kind).defaults;
}

/** Someone a message goes to, with the addresses they gave (either may be missing). */
export interface Recipient {
  personId?: number | null;
  email?: string | null;
  mobile?: string | null;
}

export interface Composition {
  kind: MessageKindKey;
  template: MessageTemplate;
  values: TemplateValues;
  organiserId?: number | null;
  projectId?: number | null;
  /** Email only (an SMS carries none): the QR code's image, the activity's calendar file. */
  attachments?: OutboxAttachment[] | null;
}

/**
 * One person's rows: an email where they gave an address, an SMS where they gave a mobile, both rendered
 * from the one template. Nobody reachable: no rows.
 */
export function messagesFor(to: Recipient, message: Composition): NewOutboxMessage[] {
  const rendered = renderMessage(message.template, message.values);
  const common = {
    kind: message.kind,
    template: message.kind,
    organiserId: message.organiserId ?? null,
    projectId: message.projectId ?? null,
    personId: to.personId ?? null,
  };
  const rows: NewOutboxMessage[] = [];
  const email = to.email?.trim();
  if (email) {
    rows.push({
      ...common,
      channel: 'email',
      recipient: email,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      attachments: message.attachments?.length ? message.attachments : null,
    });
  }
  const mobile = to.mobile?.trim();
  if (mobile && rendered.sms) rows.push({ ...common, channel: 'sms', recipient: mobile, text: rendered.sms });
  return rows;
}
