import { isBulkKind, messageKind, renderMessage, type MessageKindKey, type MessageTemplate, type TemplateValues } from '@domain/messaging/templates';
import type { AppDb } from '../../db/client';
import type { OutboxAttachment } from '../../db/schema';
import { ownTemplate } from './templates.repository';
import { listUnsubscribeHeader, unsubscribeLink } from '../../services/outbox/links';
import type { NewOutboxMessage } from '../../services/outbox/queue';

/**
 * Where a message's words come from and how one person's message becomes outbox rows. Every sender
 * (pre-registration, approval, resend, password reset, notices) goes through here, so an organiser's own
 * template (消息模板) applies to all of them once templateFor looks it up.
 */

/**
 * The template an organiser sends for a kind (会务服务 → 消息模板, table message_templates): for a message
 * about an activity the activity's own template, else the organiser's, else the default of
 * domain/messaging/templates.ts. Messages of no organiser use the default.
 */
export async function templateFor(db: AppDb, organiserId: number | null, kind: MessageKindKey, activityId: number | null = null): Promise<MessageTemplate> {
  const own = organiserId === null ? undefined : await ownTemplate(db, organiserId, kind, activityId);
  return own ?? messageKind(kind).defaults;
}

/** What a non-transactional SMS ends with: the providers' reply-to-stop word (回复 T 记入退订). */
export const SMS_OPT_OUT = '回T退订';

/** Someone a message goes to, with the addresses they gave (either may be missing). */
export interface Recipient {
  personId?: number | null;
  email?: string | null;
  mobile?: string | null;
  /**
   * The registration's personal code: a bulk message's unsubscribe links ({退订链接}, the email's
   * List-Unsubscribe header) are signed for it and the address. A bulk message without one has neither.
   */
  code?: string | null;
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
 * The mail's HTML with its inline images shown at its end: a QR code only in an attachment was missed by
 * attendees who open mail on the phone they will show at the gate (or whose client hides attachments).
 */
export function withInlineImages(html: string, attachments: readonly OutboxAttachment[] | null | undefined): string {
  const images = (attachments ?? []).filter((file) => file.cid && file.contentType.startsWith('image/'));
  if (!images.length) return html;
  const tags = images.map((file) => `<p><img src="cid:${file.cid}" alt="${file.filename.replace(/\.\w+$/, '')}" width="220" height="220"></p>`).join('');
  return html.endsWith('</div>') ? `${html.slice(0, -'</div>'.length)}${tags}</div>` : html + tags;
}

/**
 * One person's rows: an email where they gave an address, an SMS where they gave a mobile, both rendered
 * from the one template. Nobody reachable: no rows. A bulk kind (isBulkKind) gets, per address, the
 * unsubscribe link of that address as {退订链接} — one sent to the email takes off the email, not the
 * mobile beside it — and its email the List-Unsubscribe header of one-click unsubscribe; other kinds neither.
 */
export function messagesFor(to: Recipient, message: Composition): NewOutboxMessage[] {
  const code = isBulkKind(message.kind) ? to.code?.trim() : undefined;
  const renderFor = (address: string) =>
    renderMessage(message.template, code ? { ...message.values, 退订链接: unsubscribeLink(code, address) } : message.values, messageKind(message.kind));
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
    const rendered = renderFor(email);
    rows.push({
      ...common,
      channel: 'email',
      recipient: email,
      subject: rendered.subject,
      text: rendered.text,
      html: withInlineImages(rendered.html, message.attachments),
      attachments: message.attachments?.length ? message.attachments : null,
      listUnsubscribe: code ? listUnsubscribeHeader(code, email) : null,
    });
  }
  const mobile = to.mobile?.trim();
  const rendered = mobile ? renderFor(mobile).sms : '';
  // Marketing and notice SMS must say how to stop them (the carriers' and providers' rule); a message the
  // attendee's own registration asked for (codes, 审核结果, 二维码) is transactional and says nothing.
  const sms = rendered && isBulkKind(message.kind) && !rendered.includes('退订') ? `${rendered} ${SMS_OPT_OUT}` : rendered;
  if (mobile && sms) rows.push({ ...common, channel: 'sms', recipient: mobile, text: sms });
  return rows;
}
