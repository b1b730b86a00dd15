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
  'gateDisabled',
  'gateUnknown',
] as const;
export type GateScanVerdict = (typeof GATE_SCAN_VERDICTS)[number];

/** Who was scanned, as the desk shows them. */
export const GateScanPerson = Type.Object({ name: Text, company: NullableText, kind: Int, kindLabel: Text, badgeNo: NullableText });
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
