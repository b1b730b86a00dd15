import { call, callWithMessage } from '@/api/call';
import { deskCopy, type DeskCopy } from '@domain/meeting/deskCopy.contracts';
import { deskUpload, type DeskQueuedScan, type DeskUploadResult } from '@domain/meeting/deskUpload.contracts';
import { ApiError } from '@/api/errors';
import {
  deskApprove,
  deskCheckin,
  deskGates,
  deskSearch,
  gateScan,
  GATE_SCAN_VERDICTS,
  type DeskGate,
  type DeskPerson,
  type GateScanResult,
  type GateScanVerdict,
} from '@domain/meeting/gateScan.contracts';

/** The desk's calls (domain/meeting/gateScan.contracts.ts). */

/** The enabled gates of the current activity (of every activity in scope when none is chosen). */
export function loadDeskGates(): Promise<DeskGate[]> {
  // Unreachable: the desk opens with the gates it kept (useOfflineDesk.ts) and says it is offline.
  return call(deskGates, undefined, { unreachableShownByPage: true });
}

/** What one scan came to, as the desk shows it: the verdict, the server's words and the details. */
export interface ScanOutcome {
  verdict: GateScanVerdict;
  msg: string;
  result: GateScanResult | null;
  /** Judged on the desk's local copy while the server could not be reached (queued for upload). */
  offline?: boolean;
}

const isVerdict = (value: unknown): value is GateScanVerdict => GATE_SCAN_VERDICTS.includes(value as GateScanVerdict);

function resultOf(data: unknown): GateScanResult | null {
  const verdict = (data as { verdict?: unknown } | null)?.verdict;
  return isVerdict(verdict) ? (data as GateScanResult) : null;
}

/** A scan the server has not answered by then is judged on the local copy (the venue's network is failing). */
export const SCAN_TIMEOUT_MS = 5000;

/** Whether a call failed because the server could not be reached (no answer, a timeout): the desk goes offline. */
export const unreachable = (error: unknown) => error instanceof ApiError && error.reason === 'network';

/** The desk's local copy, whole or the changes since `since` (domain/meeting/deskCopy.contracts.ts). */
export function loadDeskCopy(gateId: number, since?: number): Promise<DeskCopy> {
  return call(deskCopy, since === undefined ? { gateId } : { gateId, since }, { unreachableShownByPage: true });
}

/**
 * Sends queued scans (≤ DESK_UPLOAD_MAX); the list travels as one field of JSON text (src/api/params.ts).
 * Failures are shown by the desk (its offline badge), not toasted.
 */
export function uploadScans(scans: DeskQueuedScan[]): Promise<DeskUploadResult[]> {
  return call(deskUpload, { scans }, { refusalShownByPage: true, unreachableShownByPage: true });
}

/**
 * Scans `code` at the gate. A refusal is an answer here, not an error: it resolves with its verdict and
 * is shown in the desk's own panel (no toast on top). Only transport failures reject — those the error
 * mapper has already shown.
 */
export async function scanAtGate(gateId: number, code: string): Promise<ScanOutcome> {
  try {
    const { data, msg } = await callWithMessage(gateScan, { gateId, code }, { refusalShownByPage: true, unreachableShownByPage: true, timeout: SCAN_TIMEOUT_MS });
    return { verdict: 'ok', msg, result: data };
  } catch (error) {
    if (!(error instanceof ApiError) || error.reason !== 'code') throw error;
    const result = resultOf(error.data);
    // A refusal without a verdict (a blank code, a registration changing under the scan) is still a refusal.
    return { verdict: result?.verdict ?? 'unknown', msg: error.message, result };
  }
}

/** The attendees of the gate's activity that `keyword` finds (name, pinyin, initials, company, mobile's last digits, badge, code). */
export function searchAtDesk(gateId: number, keyword: string): Promise<DeskPerson[]> {
  return call(deskSearch, { gateId, keyword });
}

/** 人工签到 with its reason: the outcome as a scan's (for the panel and the session) and the card as it is now. */
export async function checkInByHand(gateId: number, personId: number, reason: string): Promise<{ outcome: ScanOutcome; person: DeskPerson }> {
  const { data, msg } = await callWithMessage(deskCheckin, { gateId, personId, reason });
  return { outcome: { verdict: 'ok', msg, result: data.scan }, person: data.person };
}

/** 现场审核: the card once approved. */
export async function approveAtDesk(gateId: number, personId: number): Promise<{ person: DeskPerson; msg: string }> {
  const { data, msg } = await callWithMessage(deskApprove, { gateId, personId });
  return { person: data, msg };
}

/**
 * Whether what the field holds when Enter is pressed is a personal code, as a scanner sends it (the
 * 22-character code, or the QR address carrying it as ?code=): that is a scan; anything else is a search.
 */
export function isPersonCode(text: string): boolean {
  const value = text.trim();
  return /^[A-Za-z0-9_-]{22}$/.test(value) || /[?&]code=[A-Za-z0-9_-]{22}(?:&|$)/.test(value);
}
