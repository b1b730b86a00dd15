import type { RequestParams } from '@/api/params';
import { call, callWithMessage } from '@/api/call';
import {
  BADGES_PAGE_MAX,
  personBulkApprove,
  personBulkBadges,
  personBulkCancel,
  personBulkKind,
  personBulkRemove,
  personBulkShuttle,
  type BadgePage,
  type BulkResult,
} from '@domain/meeting/personBulk.contracts';
import { personMessage, personResend, type PersonResendResult, type SendableTemplate } from '@domain/meeting/personMessages.contracts';

/**
 * The calls of 参会人员's bulk actions (domain/meeting/personBulk.contracts.ts). The persons are the
 * ticked rows, or every row matching the list's filters in effect: the server decides that set itself.
 */
export type BulkSelection = { kind: 'ids'; ids: readonly number[] } | { kind: 'all'; params: RequestParams; total: number };

export type BulkAction = 'approve' | 'cancel' | 'kind' | 'shuttle' | 'remove';

/** What an action needs besides the persons. */
export interface BulkExtra {
  remark?: string;
  toKind?: number;
  lineId?: number;
  /** false: 「不通知」, the move tells the attendees nothing (审核通过, 取消登记). */
  notify?: false;
}

const NOT_FILTERS = new Set(['sort', 'order', 'limit', 'page']);

/** The selection as the form the server reads: `ids`, or `all=1` and the list's filters. */
export function selectionParams(selection: BulkSelection): Record<string, string> {
  if (selection.kind === 'ids') return { ids: selection.ids.join(',') };
  const out: Record<string, string> = { all: '1' };
  for (const [name, value] of Object.entries(selection.params)) {
    if (!NOT_FILTERS.has(name) && value !== null && value !== undefined && value !== '') out[name] = String(value);
  }
  return out;
}

export const selectionCount = (selection: BulkSelection) => (selection.kind === 'ids' ? selection.ids.length : selection.total);

const CONTRACTS = {
  approve: personBulkApprove,
  cancel: personBulkCancel,
  kind: personBulkKind,
  shuttle: personBulkShuttle,
  remove: personBulkRemove,
} as const;

function form(selection: BulkSelection, extra: BulkExtra): Record<string, string> {
  const out = selectionParams(selection);
  if (extra.remark) out.remark = extra.remark;
  if (extra.toKind !== undefined) out.toKind = String(extra.toKind);
  if (extra.lineId !== undefined) out.lineId = String(extra.lineId);
  if (extra.notify === false) out.notify = 'false';
  return out;
}

/** The counts the action would have, nothing changed: the messages as if the attendees are told. */
export function dryRun(action: BulkAction, selection: BulkSelection, extra: BulkExtra): Promise<BulkResult> {
  // The contracts differ only in the extra field each takes; the form carries just that one.
  return call(CONTRACTS[action] as typeof personBulkApprove, { ...form(selection, { ...extra, notify: undefined }), dryRun: '1' } as never);
}

export function runBulk(action: BulkAction, selection: BulkSelection, extra: BulkExtra): Promise<{ data: BulkResult; msg: string }> {
  return callWithMessage(CONTRACTS[action] as typeof personBulkApprove, form(selection, extra) as never);
}

/** One page of badges; the list's order when printing all. */
export function badgePage(selection: BulkSelection, offset: number, limit = BADGES_PAGE_MAX): Promise<BadgePage> {
  const sort = selection.kind === 'all' ? { sort: selection.params.sort, order: selection.params.order } : {};
  return call(personBulkBadges, { ...selectionParams(selection), ...sort, offset, limit } as never);
}

/** 补发二维码 to one attendee or the ticked ones: the server's words (已加入发送队列：N 人…) come back with the counts. */
export function resendQrCodes(ids: readonly number[]): Promise<{ data: PersonResendResult; msg: string }> {
  return callWithMessage(personResend, { ids: ids.join(',') });
}

/** 补发二维码 to the selection: counted only (`dryRun`), or sent with the server's words. */
export function resendTo(selection: BulkSelection, dryRun: true): Promise<PersonResendResult>;
export function resendTo(selection: BulkSelection, dryRun: false): Promise<{ data: PersonResendResult; msg: string }>;
export function resendTo(selection: BulkSelection, dryRun: boolean) {
  const params = selectionParams(selection);
  return dryRun ? call(personResend, { ...params, dryRun: '1' } as never) : callWithMessage(personResend, params as never);
}

/** What 发送消息 sends: by which channels, and a 消息模板 or the user's own words. */
export interface MessageWords {
  email: boolean;
  sms: boolean;
  template?: SendableTemplate;
  subject?: string;
  body?: string;
  smsText?: string;
}

function messageForm(selection: BulkSelection, words: MessageWords): Record<string, string> {
  const out: Record<string, string> = { ...selectionParams(selection), channels: [words.email && 'email', words.sms && 'sms'].filter(Boolean).join(',') };
  if (words.template) out.template = words.template;
  else {
    if (words.email) Object.assign(out, { subject: words.subject ?? '', body: words.body ?? '' });
    if (words.sms) out.smsText = words.smsText ?? '';
  }
  return out;
}

/** 发送消息's counts (the server checks the words too, so 确认 cannot then be refused for them). */
export function messageDryRun(selection: BulkSelection, words: MessageWords): Promise<BulkResult> {
  return call(personMessage, { ...messageForm(selection, words), dryRun: '1' } as never);
}

export function sendMessage(selection: BulkSelection, words: MessageWords): Promise<{ data: BulkResult; msg: string }> {
  return callWithMessage(personMessage, messageForm(selection, words) as never);
}
