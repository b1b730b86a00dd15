import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Id, Int, Nullable, NullableInt, NullableText, Text } from '../core/schemas';

/**
 * 签到台's local copy: what a desk needs to judge a scan and find a person when the network is gone
 * (domain/meeting/gateVerdict.ts), and no more than the desk shows. Fetched whole, then by `since`.
 */

/** One attendee of the desk's activity, as the copy keeps them. */
export const DeskCopyPerson = Type.Object({
  id: Int,
  /**
   * The keyed hash of the personal code a scan carries (deskCodeHash under the copy's `codeKey`): the copy
   * holds no code itself, the bearer credential of the attendee's page and of every gate.
   */
  codeHash: Text,
  badgeNo: NullableText,
  name: Text,
  company: NullableText,
  kind: Int,
  /** 登记状态 (PERSON_STATES). */
  status: Int,
  /** The desk search's words (pinyin, initials, reversed mobile digits), as the server searches them. */
  searchKey: NullableText,
  /** Assigned seats, "会场 A区 3排12号", several joined by 「、」. */
  seat: NullableText,
  /** The first entry pass: epoch ms and gate; null when not entered. */
  entryAt: Nullable(Type.Number()),
  entryGateId: NullableInt,
  /** The first exit pass. */
  exitAt: Nullable(Type.Number()),
  exitGateId: NullableInt,
});
export type DeskCopyPerson = Static<typeof DeskCopyPerson>;

/** A gate of the activity, enabled or not (a disabled one refuses offline as online). */
export const DeskCopyGate = Type.Object({ id: Int, name: Text, status: Int, direction: Int, activityId: Int });
export type DeskCopyGate = Static<typeof DeskCopyGate>;

/** The activity's dates and 活动日期外扫码, as the gate rule takes them (ActivityDates of domain/meeting/gateVerdict.ts). */
export const DeskCopyDates = Type.Object({ firstDay: Text, lastDay: Text, marginMs: Type.Number(), offDayScan: NullableInt });
export type DeskCopyDates = Static<typeof DeskCopyDates>;

export const DeskCopy = Type.Object({
  activityId: Int,
  /** Sent with every copy, whole or incremental (like the gates): a changed date or setting reaches the desk at its next refresh. */
  dates: DeskCopyDates,
  /**
   * The key of the copy's code hashes, the same for every copy of the activity (an incremental copy merges
   * into a whole one); a copy under another key (the server's secret changed) is fetched whole.
   */
  codeKey: Text,
  /** Pass as `since` next time: the latest change the copy holds, epoch ms. */
  version: Type.Number(),
  /** Whether `people` is the whole activity (no `since`, or one too old) rather than the rows changed since. */
  full: Type.Boolean(),
  /** Attendees of the activity in the caller's scope now: a merged copy of another size has missed a removal and is fetched whole. */
  total: Int,
  gates: Type.Array(DeskCopyGate),
  people: Type.Array(DeskCopyPerson),
});
export type DeskCopy = Static<typeof DeskCopy>;

/**
 * The latest `since` taken, epoch ms (2100-01-01): the server hands out versions of the past, and a
 * larger number is no instant PostgreSQL or Date can hold (1e20 made the copy's query fail with a 500).
 */
export const DESK_COPY_SINCE_MAX = 4_102_444_800_000;

export const deskCopy = endpoint({
  method: 'GET',
  path: '/gate/gate/desk/copy',
  authority: 'ACTION_gate_gate_scan',
  query: Type.Object({ gateId: Id, since: Type.Optional(Type.Number({ minimum: 0, maximum: DESK_COPY_SINCE_MAX, title: '副本版本' })) }),
  response: DeskCopy,
});
