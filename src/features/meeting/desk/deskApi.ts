import { call, callWithMessage } from '@/api/call';
import { ApiError } from '@/api/errors';
import { deskGates, gateScan, GATE_SCAN_VERDICTS, type DeskGate, type GateScanResult, type GateScanVerdict } from '@domain/meeting/gateScan.contracts';

/** The desk's calls (domain/meeting/gateScan.contracts.ts). */

/** The enabled gates of the current activity (of every activity in scope when none is chosen). */
export function loadDeskGates(): Promise<DeskGate[]> {
  return call(deskGates);
}

/** What one scan came to, as the desk shows it: the verdict, the server's words and the details. */
export interface ScanOutcome {
  verdict: GateScanVerdict;
  msg: string;
  result: GateScanResult | null;
}

const isVerdict = (value: unknown): value is GateScanVerdict => GATE_SCAN_VERDICTS.includes(value as GateScanVerdict);

function resultOf(data: unknown): GateScanResult | null {
  const verdict = (data as { verdict?: unknown } | null)?.verdict;
  return isVerdict(verdict) ? (data as GateScanResult) : null;
}

/**
 * Scans `code` at the gate. A refusal is an answer here, not an error: it resolves with its verdict and
 * is shown in the desk's own panel (no toast on top). Only transport failures reject — those the error
 * mapper has already shown.
 */
export async function scanAtGate(gateId: number, code: string): Promise<ScanOutcome> {
  try {
    const { data, msg } = await callWithMessage(gateScan, { gateId, code }, { refusalShownByPage: true });
    return { verdict: 'ok', msg, result: data };
  } catch (error) {
    if (!(error instanceof ApiError) || error.reason !== 'code') throw error;
    const result = resultOf(error.data);
    // A refusal without a verdict (a blank code, a registration changing under the scan) is still a refusal.
    return { verdict: result?.verdict ?? 'unknown', msg: error.message, result };
  }
}
