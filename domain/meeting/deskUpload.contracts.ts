import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { NullableText, StringEnum, Text } from '../core/schemas';
import { INT_MAX } from '../resource/framework';
import { GATE_SCAN_VERDICTS } from './gateScan.contracts';

/**
 * 签到台 back online: the scans it judged on its local copy (src/features/meeting/desk/offlineStore.ts)
 * go to the server, which applies them in door-time order, once each however often they are sent, stamps
 * each pass with its door time, and answers with its own verdict for every scan.
 */

/** Scans older than this (by door time) are refused by the server: the desk keeps them for staff to check by hand. */
export const DESK_UPLOAD_MAX_AGE_DAYS = 7;

/** Most scans in one upload: a desk with more sends them in several. */
export const DESK_UPLOAD_MAX = 1000;

/**
 * One scan as the desk queued it. The titles are the words a refusal names a field by
 * (server/plugins/errorHandler.ts).
 */
export const DeskQueuedScan = Type.Object({
  /** The scan's own id (a uuid made by the desk): the same id sent twice is one check-in. */
  scanId: Type.String({ minLength: 8, maxLength: 64, pattern: '^[0-9A-Za-z-]+$', title: '扫码编号' }),
  gateId: Type.Integer({ minimum: 1, maximum: INT_MAX, title: '闸机' }),
  code: Type.String({ maxLength: 512, title: '个人二维码' }),
  /**
   * 人工签到 offline: the person the staff member picked from the local copy, which holds no codes
   * (`code` is then ''); the server judges the scan as one of that person's code.
   */
  personId: Type.Optional(Type.Integer({ minimum: 1, maximum: INT_MAX, title: '参会人员' })),
  /** The instant at the door, epoch ms (the desk's clock). */
  doorAt: Type.Number({ minimum: 0, title: '扫码时间' }),
  /** What the desk told the attendee at the door. */
  deskVerdict: { ...StringEnum(GATE_SCAN_VERDICTS), title: '签到台结论' },
});
export type DeskQueuedScan = Static<typeof DeskQueuedScan>;

/** The server's answer for one uploaded scan. */
export const DeskUploadResult = Type.Object({
  scanId: Text,
  /** The server's verdict, as an online scan at that door time would have had it. */
  verdict: StringEnum(GATE_SCAN_VERDICTS),
  /** Whether this scan id had been received before (its first answer is repeated, nothing written). */
  repeated: Type.Boolean(),
  /** The desk and the server disagree (let through here, yet entered elsewhere first or cancelled meanwhile…): staff should look. */
  conflict: Type.Boolean(),
  /** The server's words for the verdict (GATE_MSG). */
  message: Text,
  personName: NullableText,
  /** China time `yyyy-MM-dd HH:mm:ss` of the pass the verdict refers to (this one, or the earlier one). */
  checkedAt: NullableText,
  checkedGateName: NullableText,
});
export type DeskUploadResult = Static<typeof DeskUploadResult>;

/**
 * On the wire (a signed form, docs/decisions/0006-form-encoded-signed-requests.md) `scans` is one field of
 * JSON text, `JSON.stringify(scans)`; the server parses it before checking it against this schema.
 */
export const deskUpload = endpoint({
  method: 'POST',
  path: '/gate/gate/desk/upload',
  authority: 'ACTION_gate_gate_scan',
  /** 1 000 scans of long codes, percent-encoded. */
  bodyLimit: 4 * 1024 * 1024,
  body: Type.Object({ scans: Type.Array(DeskQueuedScan, { minItems: 1, maxItems: DESK_UPLOAD_MAX, title: '扫码记录' }) }),
  response: Type.Array(DeskUploadResult),
});
