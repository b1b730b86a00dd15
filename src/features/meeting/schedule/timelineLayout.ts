/**
 * Where the sessions of one day sit on the 日程 timeline: one column per hall, a vertical time axis,
 * each session a block from its start to its end. Pure functions, so the geometry is tested without a
 * browser. Sessions that overlap in one hall (the server refuses them, but rows written before the rule
 * or by another client may still be there) are put side by side in lanes instead of on top of each other.
 */

/** What the layout needs of a session row: its hall (展馆) by id, and that hall's name as the list row labels it. */
export interface TimedSession {
  id: number;
  day: string;
  hallId: number;
  hallName?: string | null;
  startTime: string;
  endTime: string;
}

/** A column of the timeline: one hall. */
export interface TimelineHall {
  id: number;
  name: string;
}

/** Minutes since midnight of the shown part of the day. */
export interface Axis {
  start: number;
  end: number;
}

export interface Block<T extends TimedSession> {
  session: T;
  /** Column of the session's hall. */
  column: number;
  /** Pixels from the top of the axis. */
  top: number;
  height: number;
  /** Lane within the hall's column and how many lanes its cluster of overlapping sessions needs. */
  lane: number;
  lanes: number;
  /** Shares time with another session of the same hall. */
  overlaps: boolean;
}

/** The axis a timeline shows at least (08:00–20:00), widened to whole hours around the sessions. */
export const DEFAULT_AXIS: Axis = { start: 8 * 60, end: 20 * 60 };
const DAY_MINUTES = 24 * 60;
/** A block is never shorter than this on screen, so its title stays readable and clickable. */
export const MIN_BLOCK_MINUTES = 20;

/** 'HH:mm' or 'HH:mm:ss' → minutes since midnight; null for anything else. */
export function minutesOf(time: string | null | undefined): number | null {
  const match = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time ?? '');
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (hours > 23 || minutes > 59) return null;
  return hours * 60 + minutes;
}

/** Minutes since midnight → 'HH:mm' (24:00 shown as such, for the axis's end). */
export function timeText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** Start and end minutes of a session; an end not after its start counts as a short session from the start. */
function spanOf(session: TimedSession): { start: number; end: number } | null {
  const start = minutesOf(session.startTime);
  if (start === null) return null;
  const end = minutesOf(session.endTime);
  return { start, end: end !== null && end > start ? end : Math.min(start + MIN_BLOCK_MINUTES, DAY_MINUTES) };
}

/** The axis for some sessions: the default one, widened to the whole hours they need. */
export function axisFor(sessions: readonly TimedSession[], base: Axis = DEFAULT_AXIS): Axis {
  let { start, end } = base;
  for (const session of sessions) {
    const span = spanOf(session);
    if (!span) continue;
    start = Math.min(start, Math.floor(span.start / 60) * 60);
    end = Math.max(end, Math.ceil(span.end / 60) * 60);
  }
  return { start: Math.max(0, start), end: Math.min(DAY_MINUTES, end) };
}

/** The whole hours the axis labels. */
export function hourMarks(axis: Axis): number[] {
  const marks: number[] = [];
  for (let m = Math.ceil(axis.start / 60) * 60; m <= axis.end; m += 60) marks.push(m);
  return marks;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** An activity longer than this (a months-long exhibition) offers its first days only, besides the days with sessions. */
export const MAX_ACTIVITY_DAYS = 31;

function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** The days to choose from: those with sessions and the activity's own dates (srq…erq), in order. */
export function timelineDays(sessionDays: readonly string[], activity?: { srq?: string | null; erq?: string | null } | null): string[] {
  const days = new Set(sessionDays.filter((d) => DAY.test(d)));
  const first = activity?.srq && DAY.test(activity.srq) ? activity.srq : null;
  const last = activity?.erq && DAY.test(activity.erq) && first && activity.erq >= first ? activity.erq : first;
  if (first && last) {
    for (let day = first, n = 0; day <= last && n < MAX_ACTIVITY_DAYS; day = addDays(day, 1), n++) days.add(day);
  }
  return [...days].sort();
}

/** The day shown first: today when it is one of them, else the first with sessions, else the first. */
export function initialDay(days: readonly string[], sessionDays: readonly string[], today: string): string | null {
  if (days.includes(today)) return today;
  const withSessions = days.find((d) => sessionDays.includes(d));
  return withSessions ?? days[0] ?? null;
}

/**
 * The halls as columns, the same on every day of the activity: in the order they open (the earliest
 * session of each, over all days), then by name. A main forum that opens the event comes first.
 */
export function hallsOf(sessions: readonly TimedSession[]): TimelineHall[] {
  const first = new Map<number, { hall: TimelineHall; key: string }>();
  for (const s of sessions) {
    if (typeof s.hallId !== 'number') continue;
    const key = `${s.day} ${s.startTime}`;
    const seen = first.get(s.hallId);
    if (seen === undefined || key < seen.key) first.set(s.hallId, { hall: { id: s.hallId, name: s.hallName ?? String(s.hallId) }, key });
  }
  return [...first.values()]
    .sort((a, b) => (a.key === b.key ? a.hall.name.localeCompare(b.hall.name, 'zh-CN') : a.key < b.key ? -1 : 1))
    .map(({ hall }) => hall);
}

/**
 * The blocks of one day's sessions: each in its hall's column (halls not among `halls` are left out),
 * `pxPerMinute` pixels a minute below the axis start. Within a hall, sessions that overlap form a
 * cluster; each gets the first lane free at its start, and all of the cluster share its lane count.
 */
export function layoutDay<T extends TimedSession>(sessions: readonly T[], halls: readonly TimelineHall[], axis: Axis, pxPerMinute: number): Block<T>[] {
  const blocks: Block<T>[] = [];
  halls.forEach((hall, column) => {
    const spans = sessions
      .filter((s) => s.hallId === hall.id)
      .map((session) => ({ session, span: spanOf(session) }))
      .filter((x): x is { session: T; span: { start: number; end: number } } => x.span !== null)
      .sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end || a.session.id - b.session.id);
    let cluster: Block<T>[] = [];
    let clusterEnd = -1;
    let laneEnds: number[] = [];
    const close = () => {
      for (const block of cluster) {
        block.lanes = laneEnds.length;
        block.overlaps = laneEnds.length > 1;
      }
      blocks.push(...cluster);
      cluster = [];
      laneEnds = [];
    };
    for (const { session, span } of spans) {
      if (span.start >= clusterEnd) close();
      let lane = laneEnds.findIndex((end) => end <= span.start);
      if (lane === -1) {
        lane = laneEnds.length;
        laneEnds.push(span.end);
      } else {
        laneEnds[lane] = span.end;
      }
      clusterEnd = cluster.length === 0 ? span.end : Math.max(clusterEnd, span.end);
      const shownEnd = Math.max(span.end, span.start + MIN_BLOCK_MINUTES);
      cluster.push({
        session,
        column,
        top: (span.start - axis.start) * pxPerMinute,
        height: (shownEnd - span.start) * pxPerMinute,
        lane,
        lanes: 1,
        overlaps: false,
      });
    }
    close();
  });
  return blocks;
}

/** Slots a click in an empty part of a column snaps to. */
export const SLOT_MINUTES = 30;
/** How long a session made from a click lasts at first. */
export const NEW_SESSION_MINUTES = 60;

/**
 * The session a click `offsetY` pixels below the axis start proposes: starting at the slot under the
 * pointer, an hour long (shorter at the end of the day).
 */
export function slotAt(offsetY: number, axis: Axis, pxPerMinute: number): { startTime: string; endTime: string } {
  const raw = axis.start + Math.max(0, offsetY) / pxPerMinute;
  const latest = Math.floor((axis.end - SLOT_MINUTES) / SLOT_MINUTES) * SLOT_MINUTES;
  const start = Math.max(axis.start, Math.min(Math.floor(raw / SLOT_MINUTES) * SLOT_MINUTES, latest));
  const end = Math.min(start + NEW_SESSION_MINUTES, DAY_MINUTES - 1);
  return { startTime: timeText(start), endTime: timeText(end) };
}
