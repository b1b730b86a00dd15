import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Id, Int, NoParams, Nullable, NullableInt, NullableText, StringEnum, Text } from '../core/schemas';

/** 签到台 and gate devices: scan a personal code at a gate; the gates a desk may pick. */

/**
 * How a scan at a gate ended: `ok` recorded the pass, `duplicate` found an earlier one (nothing written),
 * every other verdict is a refusal that wrote nothing. The desk colours by it (green, orange, red).
 */
export const GATE_SCAN_VERDICTS = [
  'ok',
  'duplicate',
  'unknown',
  'pending',
  'rejected',
  'cancelled',
  'otherActivity',
  'notEntered',
  'notOpen',
  'offDay',
  'notRegistered',
  'gateDisabled',
  'gateUnknown',
] as const;
export type GateScanVerdict = (typeof GATE_SCAN_VERDICTS)[number];

/** Who was scanned, as the desk shows them; `seat`: their assigned seats as the desk card shows them ("会场 A区 3排12号", several joined by 「、」). */
export const GateScanPerson = Type.Object({ name: Text, company: NullableText, kind: Int, kindLabel: Text, badgeNo: NullableText, seat: NullableText });
export type GateScanPerson = Static<typeof GateScanPerson>;

/** `data` of a scan, on success (code 0, verdict ok) and on refusal (code 1) alike, so the desk can always say who and where. */
export const GateScanResult = Type.Object({
  verdict: StringEnum(GATE_SCAN_VERDICTS),
  gateId: NullableInt,
  gateName: NullableText,
  /** 1 入场, 2 出场 (GATE_DIRECTIONS). */
  direction: NullableInt,
  person: Nullable(GateScanPerson),
  /** China time `yyyy-MM-dd HH:mm:ss`: this pass (ok) or the first one (duplicate). */
  checkedAt: NullableText,
  /** The gate of that pass. */
  checkedGateName: NullableText,
  /** Passes recorded at this gate today (China time), after this scan. */
  todayCount: NullableInt,
  /** A pass on a day outside the activity's dates (活动日期外扫码「提醒」): the desk shows it in orange. */
  warning: NullableText,
});
export type GateScanResult = Static<typeof GateScanResult>;

/** One gate the desk may scan at: enabled, in the caller's activity scope. */
export const DeskGate = Type.Object({
  id: Int,
  name: Text,
  location: Text,
  direction: Int,
  deviceNo: Text,
  activityId: Int,
  activityName: Text,
  todayCount: Int,
});
export type DeskGate = Static<typeof DeskGate>;

/**
 * A QR address may be long (a full URL with `?code=`); a keyboard-wedge scanner sends it as typed. The
 * gate is named by id (the desk) or by its device number (a gate device that knows only itself).
 */
export const gateScan = endpoint({
  method: 'POST',
  path: '/gate/gate/scan',
  authority: 'ACTION_gate_gate_scan',
  body: Type.Object({
    gateId: Type.Optional(Id),
    deviceNo: Type.Optional(Type.String({ maxLength: 32 })),
    code: Type.String({ maxLength: 512 }),
  }),
  response: GateScanResult,
});

export const deskGates = endpoint({
  method: 'GET',
  path: '/gate/gate/desk',
  authority: 'ACTION_gate_gate_scan',
  query: NoParams,
  response: Type.Array(DeskGate),
});

// 签到台: finding people, checking in by hand, approving on the spot --------------------------------

/** Most cards one desk search answers with: the desk shows a few, the search words narrow the rest. */
export const DESK_SEARCH_MAX = 20;

/** One attendee as a desk card shows them. */
export const DeskPerson = Type.Object({
  id: Int,
  name: Text,
  company: NullableText,
  kind: Int,
  kindLabel: Text,
  /** 登记状态 (PERSON_STATES). */
  status: Int,
  statusLabel: Text,
  badgeNo: NullableText,
  /** The mobile with its middle hidden (139****8888): enough to tell two namesakes apart. */
  mobile: Text,
  /** China time `yyyy-MM-dd HH:mm:ss` of the entry, null when not checked in. */
  checkedInAt: NullableText,
  /** Assigned seats, "会场 A区 3排12号", several joined by 「、」; null when none. */
  seat: NullableText,
});
export type DeskPerson = Static<typeof DeskPerson>;

/**
 * Attendees of the gate's activity (within the caller's scope) whose personal code or badge number is
 * the keyword, or whose name (also its pinyin or initials, 「zs」 → 张三), company or mobile's last
 * digits (four or more) match it.
 */
export const deskSearch = endpoint({
  method: 'GET',
  path: '/gate/gate/desk/search',
  authority: 'ACTION_gate_gate_scan',
  query: Type.Object({ gateId: Id, keyword: Type.String({ maxLength: 512 }) }),
  response: Type.Array(DeskPerson),
});

/** What a check-in by hand answers: the verdict as a scan would give it, and the card as it is now. */
export const DeskCheckinResult = Type.Object({ scan: GateScanResult, person: DeskPerson });
export type DeskCheckinResult = Static<typeof DeskCheckinResult>;

/** 人工签到: an approved attendee checked in at the desk's (entry) gate without a code; the reason is kept with the pass. */
export const deskCheckin = endpoint({
  method: 'POST',
  path: '/gate/gate/desk/checkin',
  authority: 'ACTION_gate_gate_scan',
  body: Type.Object({ gateId: Id, personId: Id, reason: Type.String({ maxLength: 200 }) }),
  response: DeskCheckinResult,
});

/** 现场审核: a pending registration approved at the desk; needs the attendees' 审核 authority as well. */
export const deskApprove = endpoint({
  method: 'POST',
  path: '/gate/gate/desk/approve',
  authority: 'ACTION_gate_gate_scan',
  body: Type.Object({ gateId: Id, personId: Id }),
  response: DeskPerson,
});
