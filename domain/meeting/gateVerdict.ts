import { stateValue } from '../resource/framework';
import { activity } from '../projects/resources';
import type { GateScanVerdict } from './gateScan.contracts';
import { gate, person } from './resources';

/**
 * The rule of a scan at a gate: who may pass and what the desk says. One function, run by the server on
 * what its scan statement found (server/modules/meeting/gateScan.service.ts) and by the desk on its local copy
 * when the network is gone, so an offline verdict is the verdict the server would give.
 */

const APPROVED = stateValue(person, 'status', 'approved');
const PENDING = stateValue(person, 'status', 'pending');
const REJECTED = stateValue(person, 'status', 'rejected');
const CANCELLED = stateValue(person, 'status', 'cancelled');
const GATE_ENABLED = stateValue(gate, 'status', 'enabled');
/** 1 入场; every other direction (2 出场) is an exit. */
export const DIRECTION_IN = stateValue(gate, 'direction', 'in');

/** The desk's words for each verdict: staff at a busy gate read them at a glance and must know what to tell the attendee. */
export const GATE_MSG = {
  ok: '签到成功',
  okExit: '出场已记录',
  duplicate: (time: string, gateName: string) => `已于 ${time} 在「${gateName}」签到`,
  duplicateExit: (time: string, gateName: string) => `已于 ${time} 在「${gateName}」出场`,
  unknown: '无效的二维码：未找到该参会人员',
  pending: '该人员的登记尚未审核通过，请到服务台办理',
  rejected: '该人员的登记未通过审核，不能通行',
  cancelled: '该人员的登记已取消，不能通行',
  otherActivity: '该人员不是本闸机所属活动的参会人员',
  notEntered: '该人员尚未入场签到，不能记录出场',
  /** Given by uploads before 活动日期外扫码 (the dates rule took its place); kept for their stored answers. */
  notOpen: '扫码时活动尚未开始，不能记录通行',
  offDay: (days: string) => `扫码日期不在活动日期内（${days}），不能通行`,
  /** 活动日期外扫码「提醒」: the line the desk shows in orange under a pass. */
  offDayWarning: (days: string) => `今天不在活动日期内（${days}）`,
  notRegistered: '扫码时该人员尚未登记，不能记录通行',
  gateDisabled: '该闸机已停用，请换用其他闸机',
  gateUnknown: '闸机不存在或不属于当前活动',
} as const;

/** The gate scanned at; null when there is none the caller may use. */
export interface VerdictGate {
  status: number;
  direction: number;
  activityId: number;
}

/** The person of the code; null when the code matches no one the caller may see. */
export interface VerdictPerson {
  activityId: number;
  status: number;
}

/** The person's earlier pass in the gate's direction. */
export interface VerdictPass {
  atMs: number;
  gateName: string | null;
}

export interface VerdictInput {
  gate: VerdictGate | null;
  person: VerdictPerson | null;
  /** Their first pass in the gate's direction (an entry for an entrance, an exit for an exit), if any. */
  earlier: VerdictPass | null;
  /** Whether they have an entry pass: an exit is recorded only after one. */
  entered: boolean;
  /** The instant of the scan (at the door), epoch ms: the duplicate's time is told relative to its day. */
  nowMs: number;
  /** The dates of the gate's activity and its 活动日期外扫码; null or absent: no date is outside (a desk copy of before). */
  dates?: ActivityDates | null;
  /**
   * The earliest instant the person can have passed (their registration, less the server's margin), epoch ms;
   * a scan before it is refused. Given for a scan of the past (a desk's upload); a live scan is now.
   */
  registeredAtMs?: number | null;
}

export interface GateVerdict {
  verdict: GateScanVerdict;
  msg: string;
  /** Whether the person may pass and the pass is to be recorded (only for `ok`). */
  pass: boolean;
  /** A pass on a day outside the activity's dates (活动日期外扫码「提醒」): the line the desk shows in orange. */
  warning?: string;
}

/** The dates a gate's activity runs on and what its gates do with a scan outside them. */
export interface ActivityDates {
  /** First and last day, yyyy-MM-dd (China). */
  firstDay: string;
  lastDay: string;
  /**
   * How long before the first day's China midnight a scan is still within the dates (DESK_UPLOAD_MARGIN_H): the
   * eve's early arrivals and a desk clock somewhat off. The last day ends at China midnight, no margin.
   */
  marginMs: number;
  /** 活动日期外扫码 (OFF_DAY_SCANS): 1 提醒, 2 拒绝; null (an activity saved before the setting) is 提醒. */
  offDayScan: number | null;
}

const OFF_DAY_REFUSE = stateValue(activity, 'offDayScan', 'refuse');
const DAY_MS = 24 * 3600 * 1000;
/** China midnight starting a day (yyyy-MM-dd), epoch ms. */
export const chinaMidnight = (day: string): number => Date.parse(`${day}T00:00:00+08:00`);

/**
 * The instants a scan is within the activity's dates: from the first day's China midnight less the margin, to
 * the China midnight after the last day (excluded). The live scan's statement repeats this in SQL for its
 * write (server/modules/meeting/gateScan.service.ts).
 */
export function datesWindow(dates: ActivityDates): { fromMs: number; untilMs: number } {
  return { fromMs: chinaMidnight(dates.firstDay) - dates.marginMs, untilMs: chinaMidnight(dates.lastDay) + DAY_MS };
}

/** 「12月20日—12月21日」, or one day 「12月20日」; the year when the activity is not within one year. */
export function datesText(dates: Pick<ActivityDates, 'firstDay' | 'lastDay'>): string {
  const [fy, fm, fd] = dates.firstDay.split('-').map(Number);
  const [ly, lm, ld] = dates.lastDay.split('-').map(Number);
  const day = (y: number, m: number, d: number, year: boolean) => `${year ? `${y}年` : ''}${m}月${d}日`;
  if (dates.firstDay === dates.lastDay) return day(fy, fm, fd, false);
  return `${day(fy, fm, fd, fy !== ly)}—${day(ly, lm, ld, fy !== ly)}`;
}

/** What a scanner may send: the code itself, or the address of a QR that carries it as `?code=`. */
export function personCodeOf(scanned: string): string {
  const text = scanned.trim();
  const match = /[?&]code=([A-Za-z0-9_-]{22})(?:&|$)/.exec(text);
  return match ? match[1] : text;
}

const CHINA_OFFSET_MS = 8 * 3600 * 1000;
/** China time `yyyy-MM-dd HH:mm:ss` of an instant. */
export const chinaTimeText = (ms: number): string => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');

/** "HH:mm" for a pass today, "MM-DD HH:mm" for an earlier day (an attendee of a multi-day event). */
export function passTimeText(atMs: number, nowMs: number): string {
  const text = chinaTimeText(atMs);
  return text.slice(0, 10) === chinaTimeText(nowMs).slice(0, 10) ? text.slice(11, 16) : text.slice(5, 16);
}

type FixedRefusal = Exclude<GateScanVerdict & keyof typeof GATE_MSG, 'offDay'>;

const STATUS_REFUSALS: ReadonlyMap<number, FixedRefusal> = new Map([
  [PENDING, 'pending'],
  [REJECTED, 'rejected'],
  [CANCELLED, 'cancelled'],
] as const);

const refused = (verdict: FixedRefusal): GateVerdict => ({ verdict, msg: GATE_MSG[verdict] as string, pass: false });

/** 请通行 (ok) / 重复 (duplicate) / 拒绝 (every other verdict), checked in the order the desk has always told them. */
export function gateVerdict(input: VerdictInput): GateVerdict {
  const { gate: g, person: p } = input;
  if (!g) return refused('gateUnknown');
  if (g.status !== GATE_ENABLED) return refused('gateDisabled');
  if (!p) return refused('unknown');
  if (p.activityId !== g.activityId) return refused('otherActivity');
  const statusRefusal = STATUS_REFUSALS.get(p.status);
  if (statusRefusal) return refused(statusRefusal);
  // A status this rule does not know (a state added later) lets no one through.
  if (p.status !== APPROVED) return refused('unknown');
  // A day outside the activity's dates: refused, or let through with a warning, as the activity says.
  const { dates } = input;
  let warning: string | undefined;
  if (dates) {
    const { fromMs, untilMs } = datesWindow(dates);
    if (input.nowMs < fromMs || input.nowMs >= untilMs) {
      if (dates.offDayScan === OFF_DAY_REFUSE) return { verdict: 'offDay', msg: GATE_MSG.offDay(datesText(dates)), pass: false };
      warning = GATE_MSG.offDayWarning(datesText(dates));
    }
  }
  // A door time no pass can have had: before the person existed (a desk clock gone wrong, a forged upload).
  if (input.registeredAtMs != null && input.nowMs < input.registeredAtMs) return refused('notRegistered');
  const entry = g.direction === DIRECTION_IN;
  if (input.earlier) {
    const time = passTimeText(input.earlier.atMs, input.nowMs);
    const name = input.earlier.gateName ?? '';
    return { verdict: 'duplicate', msg: entry ? GATE_MSG.duplicate(time, name) : GATE_MSG.duplicateExit(time, name), pass: false };
  }
  if (!entry && !input.entered) return refused('notEntered');
  return { verdict: 'ok', msg: entry ? GATE_MSG.ok : GATE_MSG.okExit, pass: true, ...(warning ? { warning } : {}) };
}
