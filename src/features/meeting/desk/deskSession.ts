import type { GateScanVerdict } from '@domain/meeting/gateScan.contracts';
import type { ScanOutcome } from './deskApi';

/**
 * What a desk remembers of its own session: counts by how scans ended and the most recent ones. Pure, so
 * the rules (what counts as what, how long the list gets) are tested without a browser.
 */

export type Tone = 'ok' | 'duplicate' | 'refused';

export const toneOf = (verdict: GateScanVerdict): Tone => (verdict === 'ok' ? 'ok' : verdict === 'duplicate' ? 'duplicate' : 'refused');

/** The big word on the verdict panel: what the staff member tells the attendee. */
export const HEADLINES: Record<Tone, string> = { ok: '请通行', duplicate: '重复签到', refused: '禁止通行' };

/** A short name of each refusal, for the recent list. */
export const VERDICT_LABELS: Record<GateScanVerdict, string> = {
  ok: '通过',
  duplicate: '重复',
  unknown: '无效二维码',
  pending: '待审核',
  rejected: '未通过审核',
  cancelled: '已取消登记',
  otherActivity: '非本活动',
  notEntered: '未入场',
  notOpen: '活动未开始',
  offDay: '活动日期外',
  notRegistered: '尚未登记',
  gateDisabled: '闸机停用',
  gateUnknown: '闸机无效',
};

export interface RecentScan extends ScanOutcome {
  /** Increasing per scan, the list's key. */
  seq: number;
  code: string;
  /** When the desk got the answer (browser time, HH:mm:ss). */
  at: string;
}

export interface DeskSession {
  counts: Record<Tone, number>;
  recent: RecentScan[];
  seq: number;
}

export const RECENT_MAX = 8;

export const emptySession = (): DeskSession => ({ counts: { ok: 0, duplicate: 0, refused: 0 }, recent: [], seq: 0 });

export function recordScan(session: DeskSession, outcome: ScanOutcome, code: string, at: string): DeskSession {
  const tone = toneOf(outcome.verdict);
  const seq = session.seq + 1;
  return {
    counts: { ...session.counts, [tone]: session.counts[tone] + 1 },
    recent: [{ ...outcome, seq, code, at }, ...session.recent].slice(0, RECENT_MAX),
    seq,
  };
}

export const totalScans = (session: DeskSession) => session.counts.ok + session.counts.duplicate + session.counts.refused;

/** The gate a desk last worked at, kept across reloads (the pro__ namespaced storage). */
export const DESK_GATE_KEY = 'gateDesk.gateId';
