import { sql, type SQL } from 'drizzle-orm';
import { resourceByKey } from '@domain/registry';
import { machineOf, stateLabel, stateValue } from '@domain/resource/framework';
import type { BulkResult, BulkSkip } from '@domain/meeting/personBulk.contracts';
import type { PersonResendResult, SendableTemplate } from '@domain/meeting/personMessages.contracts';
import { TEMPLATE_FIELD_LABELS, messageKind, templateProblems, type MessageTemplate, type TemplateField } from '@domain/messaging/templates';
import type { AppDb } from '../../db/client';
import { messageOptouts, outboxFanouts, outboxMessages } from '../../db/schema';
import { fieldErrors, refuse } from '../../lib/errors';
import { MSG } from '../../messages';
import { templateFor } from '../messaging/public';
import { enqueueMessages, type NewOutboxMessage } from '../../services/outbox/queue';
import { columnsOf, tableOf, type Caller } from '../../services/resources/model';
import { queryRows } from '../../services/sql';
import { RESEND_QR_COOLDOWN_MS, attendeeMessages } from './attendeeMessages.service';
import { queueFanout } from './statusFanout.service';
import { selectionOf, skipsOf, type Selection } from './personBulk.service';

/**
 * Messages to many attendees of 参会人员 (domain/meeting/personMessages.contracts.ts): 补发二维码 and
 * 发送消息, to the ticked rows or all of the list's filter (selectionOf, as the bulk actions). Who gets
 * what is counted in one grouped query — by 登记状态, by the addresses given, by unsubscribes and by
 * recent sends — and the same conditions pick the persons and channels written, so a dry run's counts
 * are what 确认 queues. The messages are rendered and queued in the request, in one transaction.
 */

const person = resourceByKey('person');
const statusMachine = machineOf(person, 'status')!;
const CANCELLED = stateValue(person, 'status', 'cancelled');
const REJECTED = stateValue(person, 'status', 'rejected');

export { RESEND_QR_COOLDOWN_MS } from './attendeeMessages.service';

/**
 * 补发二维码 to more persons than this is queued as a fan-out the outbox worker writes after the request
 * (each QR code PNG takes about 15 ms: 2 000 took over a minute in the request); fewer (the desk's one
 * card, a page of ticked rows) are written in the request, so they are in 消息记录 at once.
 */
export const RESEND_IN_REQUEST_MAX = 200;

const given = (column: unknown) => sql`coalesce(trim(${column}), '') <> ''`;

interface Counted {
  cancelled: number;
  rejected: number;
  /** Active, no address on the channels the message goes by. */
  unreachable: number;
  /** Active, addresses given, none of them sent to now (sent lately, or unsubscribed). */
  held: number;
  due: number;
  email: number;
  sms: number;
}

/**
 * The persons of `where` counted for a send whose email goes where `emailDue` holds and SMS where
 * `smsDue` holds (each false when the channel is not used); `reachable`: an address on a used channel.
 */
async function countSend(db: AppDb, where: SQL, reachable: SQL, emailDue: SQL, smsDue: SQL): Promise<Counted> {
  const cols = columnsOf(person);
  const active = sql`${cols.status} not in (${CANCELLED}, ${REJECTED})`;
  const [row] = await queryRows<Counted>(
    db,
    sql`select
      count(*) filter (where ${cols.status} = ${CANCELLED})::int as cancelled,
      count(*) filter (where ${cols.status} = ${REJECTED})::int as rejected,
      count(*) filter (where ${active} and not ${reachable})::int as unreachable,
      count(*) filter (where ${active} and ${reachable} and not (${emailDue} or ${smsDue}))::int as held,
      count(*) filter (where ${active} and (${emailDue} or ${smsDue}))::int as due,
      count(*) filter (where ${active} and ${emailDue})::int as email,
      count(*) filter (where ${active} and ${smsDue})::int as sms
    from ${tableOf(person)} where ${where}`,
  );
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as unknown as Counted;
}

/** The persons `countSend` counted as due, with which of their channels are. */
async function duePersons(db: AppDb, where: SQL, emailDue: SQL, smsDue: SQL): Promise<Map<number, { email: boolean; sms: boolean }>> {
  const cols = columnsOf(person);
  const rows = await queryRows<{ id: number; email: boolean; sms: boolean }>(
    db,
    sql`select ${cols.id} as id, ${emailDue} as email, ${smsDue} as sms from ${tableOf(person)}
        where ${where} and ${cols.status} not in (${CANCELLED}, ${REJECTED}) and (${emailDue} or ${smsDue})`,
  );
  return new Map(rows.map((r) => [Number(r.id), { email: Boolean(r.email), sms: Boolean(r.sms) }]));
}

/** The rows of `messages` on a channel `due` says for their person. */
const onDueChannels = (messages: NewOutboxMessage[], due: Map<number, { email: boolean; sms: boolean }>) =>
  messages.filter((m) => {
    const channels = due.get(Number(m.personId));
    return m.channel === 'email' ? channels?.email : m.channel === 'sms' ? channels?.sms : false;
  });

const stateSkips = (c: Counted): Array<[string, number]> => [
  [MSG.personBulkState(stateLabel(statusMachine, CANCELLED)), c.cancelled],
  [MSG.personBulkState(stateLabel(statusMachine, REJECTED)), c.rejected],
];

/** Queues `messages` in one transaction: a thousand attendees' rows go in chunks, and all go or none. */
async function queue(caller: Caller, messages: NewOutboxMessage[]): Promise<{ email: number; sms: number }> {
  if (messages.length) await caller.db.transaction((tx) => enqueueMessages(tx as unknown as AppDb, messages, caller.now.getTime()));
  return { email: messages.filter((m) => m.channel === 'email').length, sms: messages.filter((m) => m.channel === 'sms').length };
}

/**
 * 补发二维码 for the selection: one enqueue for those still registered who can be reached. An address that
 * was sent the attendee's code within RESEND_QR_COOLDOWN_MS is left out: the list's menu is all the action
 * needs, so a click repeated (or scripted) over thousands of persons must not turn into thousands of paid
 * SMS; a corrected email or mobile is a new address and is sent to at once.
 */
export async function resendQrCodes(caller: Caller, selection: Selection, origin: string): Promise<PersonResendResult> {
  const { where, matched } = await selectionOf(caller, selection);
  const cols = columnsOf(person);
  const sendsSms = (await templateFor(caller.db, caller.organiser.id, 'qrcode')).sms.trim() !== '';
  const m = outboxMessages;
  const since = new Date(caller.now.getTime() - RESEND_QR_COOLDOWN_MS);
  const f = outboxFanouts;
  // Sent lately, or about to be: a fan-out of 补发二维码 not yet written counts as sent (a second click before it is).
  // Uncorrelated subqueries, so each is read once and hashed: per person, the organiser's recent messages were read 4 000 times.
  const lately = (channel: string, column: unknown) =>
    sql`((${cols.id}, ${channel}::varchar, trim(${column})) in (select ${m.personId}, ${m.channel}, ${m.recipient} from ${m}
        where ${m.organiserId} = ${caller.organiser.id} and ${m.createdAt} > ${since} and ${m.kind} = 'qrcode' and ${m.personId} is not null)
      or ${cols.id} in (select unnest(${f.personIds}) from ${f} where ${f.organiserId} = ${caller.organiser.id} and ${f.kind} = 'qrcode'))`;
  const emailDue = sql`(${given(cols.email)} and not ${lately('email', cols.email)})`;
  const smsDue = sendsSms ? sql`(${given(cols.mobile)} and not ${lately('sms', cols.mobile)})` : sql`false`;
  const reachable = sql`(${given(cols.email)}${sendsSms ? sql` or ${given(cols.mobile)}` : sql``})`;
  const c = await countSend(caller.db, where, reachable, emailDue, smsDue);
  const cooldownMin = RESEND_QR_COOLDOWN_MS / 60_000;
  const reasons: BulkSkip[] = skipsOf([...stateSkips(c), [MSG.personSendNoAddress, c.unreachable], [MSG.personResendRecent(cooldownMin), c.held]]);
  const answer = (queued: number, messages: { email: number; sms: number }): PersonResendResult => ({
    queued,
    recent: c.held,
    skipped: c.cancelled + c.rejected + c.unreachable,
    matched,
    messages,
    reasons,
  });
  if (selection.dryRun === '1' || c.due === 0) return answer(c.due, { email: c.email, sms: c.sms });
  const due = await duePersons(caller.db, where, emailDue, smsDue);
  if (due.size > RESEND_IN_REQUEST_MAX) {
    // The worker writes them as of now, with the same cooldown (fanout.ts): what was counted is what goes.
    await caller.db.transaction((tx) => queueFanout(tx as unknown as AppDb, caller, 'qrcode', [...due.keys()], origin));
    return answer(due.size, { email: c.email, sms: c.sms });
  }
  const messages = onDueChannels(await attendeeMessages(caller.db, 'qrcode', [...due.keys()], { origin, now: caller.now, attach: true }), due);
  const sent = await queue(caller, messages);
  return answer(new Set(messages.map((message) => message.personId)).size, sent);
}

export interface MessageRequest extends Selection {
  channels: 'email' | 'sms' | 'email,sms';
  template?: SendableTemplate;
  subject?: string;
  body?: string;
  smsText?: string;
}

/** The wire name of a template field in 发送消息's form. */
const WIRE: Record<TemplateField, string> = { subject: 'subject', body: 'body', sms: 'smsText' };

/** What 发送消息's own text is stored as: line ends normalised, subject and SMS on one line (as 消息模板 keeps them). */
const cleaned = (request: MessageRequest): MessageTemplate => ({
  subject: (request.subject ?? '').replace(/\s+/g, ' ').trim(),
  body: (request.body ?? '').replace(/\r\n?/g, '\n').trim(),
  sms: (request.smsText ?? '').replace(/\s+/g, ' ').trim(),
});

/** A mail that can be unsubscribed from says how, whatever its words: the line 群发消息's default ends with. */
export const UNSUBSCRIBE_LINE = '不想再收到此类消息？退订：{退订链接}';

/**
 * The words 发送消息 sends: the organiser's 消息模板 picked, or the request's own text checked as a 群发消息
 * template (the fields of the channels used: required, within the template's limits, its variables only).
 * The channels not used are emptied; a mail without its unsubscribe link gets UNSUBSCRIBE_LINE.
 */
export async function messageWords(caller: Caller, request: MessageRequest): Promise<MessageTemplate> {
  const email = request.channels.includes('email');
  const sms = request.channels.includes('sms');
  const own = [request.subject, request.body, request.smsText].some((text) => text !== undefined && text.trim() !== '');
  let words: MessageTemplate;
  if (request.template) {
    if (own) throw refuse(MSG.personMessageBothWords);
    words = await templateFor(caller.db, caller.organiser.id, request.template);
    if (sms && !email && !words.sms.trim()) throw refuse(MSG.personMessageTemplateNoSms(messageKind(request.template).label));
  } else {
    words = cleaned(request);
    const used = (field: TemplateField) => (field === 'sms' ? sms : email);
    const problems = templateProblems(messageKind('message'), words).filter((p) => used(p.field));
    if (sms && !words.sms) problems.push({ field: 'sms', msg: `请输入${TEMPLATE_FIELD_LABELS.sms}` });
    if (problems.length) {
      const labels = Object.fromEntries(Object.entries(WIRE).map(([field, wire]) => [wire, TEMPLATE_FIELD_LABELS[field as TemplateField]]));
      throw fieldErrors(
        problems.map((p) => ({ field: WIRE[p.field], msg: p.msg })),
        (path) => labels[path],
      );
    }
  }
  const body = email && !words.body.includes('{退订链接}') ? `${words.body}\n\n${UNSUBSCRIBE_LINE}` : words.body;
  return { subject: email ? words.subject : '', body: email ? body : '', sms: sms ? words.sms : '' };
}

/**
 * 发送消息 to the selection: 群发消息 (not transactional) by the channels asked, to each active person's
 * address that has not unsubscribed from the organiser. Counted by reason: 已取消 / 未通过, no address on
 * those channels, every address unsubscribed.
 */
export async function sendPersonMessage(caller: Caller, request: MessageRequest, origin: string): Promise<BulkResult> {
  const words = await messageWords(caller, request);
  const { where, matched } = await selectionOf(caller, request);
  const cols = columnsOf(person);
  const o = messageOptouts;
  const optedOut = (column: unknown) =>
    sql`exists (select 1 from ${o} where ${o.organiserId} = ${caller.organiser.id} and ${o.address} in (${column}, trim(${column})))`;
  const byEmail = words.body !== '';
  const bySms = words.sms !== '';
  const emailDue = byEmail ? sql`(${given(cols.email)} and not ${optedOut(cols.email)})` : sql`false`;
  const smsDue = bySms ? sql`(${given(cols.mobile)} and not ${optedOut(cols.mobile)})` : sql`false`;
  const reachable = sql`(${byEmail ? given(cols.email) : sql`false`} or ${bySms ? given(cols.mobile) : sql`false`})`;
  const c = await countSend(caller.db, where, reachable, emailDue, smsDue);
  const skipped = skipsOf([...stateSkips(c), [MSG.personSendNoAddress, c.unreachable], [MSG.personMessageOptedOut, c.held]]);
  if (request.dryRun === '1' || c.due === 0) return { matched, done: c.due, skipped, messages: { email: c.email, sms: c.sms } };
  const due = await duePersons(caller.db, where, emailDue, smsDue);
  const rendered = await attendeeMessages(caller.db, 'message', [...due.keys()], { origin, now: caller.now, template: words });
  // The record says which template the words came from (消息记录's 模板); the kind stays 群发消息.
  const messages = onDueChannels(rendered, due).map((message) => ({ ...message, template: request.template ?? 'message' }));
  const sent = await queue(caller, messages);
  return { matched, done: new Set(messages.map((message) => message.personId)).size, skipped, messages: sent };
}
