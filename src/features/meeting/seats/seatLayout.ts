import { optionLabel, stateValue } from '@domain/resource/framework';
import { PERSON_KINDS, SEAT_KINDS, SEAT_STATES, seat, seatLabel } from '@domain/meeting/resources';
import type { SeatCell } from '@domain/meeting/seatMap.contracts';

/**
 * The seat map's arithmetic, free of React: seats grouped into rows, the counts, the words a screen
 * reader says for a seat, which seat an arrow key moves to, and one seat replaced without touching the
 * other rows (so that only its row draws again).
 */
export const SEAT_FREE = stateValue(seat, 'state', 'free');
export const SEAT_ASSIGNED = stateValue(seat, 'state', 'assigned');
export const SEAT_RESERVED = stateValue(seat, 'state', 'reserved');
export const KIND_NORMAL = stateValue(seat, 'kind', 'normal');

export interface SeatRowData {
  rowNo: number;
  seats: SeatCell[];
}

export interface SeatCounts {
  total: number;
  assigned: number;
  free: number;
  reserved: number;
}

/** Seats (in row, then number order, as the server sends them) grouped by row. */
export function rowsOf(seats: readonly SeatCell[]): SeatRowData[] {
  const rows: SeatRowData[] = [];
  for (const cell of seats) {
    const last = rows[rows.length - 1];
    if (last && last.rowNo === cell.rowNo) last.seats.push(cell);
    else rows.push({ rowNo: cell.rowNo, seats: [cell] });
  }
  for (const row of rows) row.seats.sort((a, b) => a.seatNo - b.seatNo);
  return rows.sort((a, b) => a.rowNo - b.rowNo);
}

/** The widest row's last number: how many seat columns the grid has. */
export function columnCount(rows: readonly SeatRowData[]): number {
  let max = 0;
  for (const row of rows) max = Math.max(max, row.seats[row.seats.length - 1]?.seatNo ?? 0);
  return max;
}

export function countsOf(rows: readonly SeatRowData[]): SeatCounts {
  const counts: SeatCounts = { total: 0, assigned: 0, free: 0, reserved: 0 };
  for (const row of rows) {
    for (const cell of row.seats) {
      counts.total += 1;
      if (cell.state === SEAT_ASSIGNED) counts.assigned += 1;
      else if (cell.state === SEAT_RESERVED) counts.reserved += 1;
      else counts.free += 1;
    }
  }
  return counts;
}

export const seatNameOf = (cell: Pick<SeatCell, 'area' | 'rowNo' | 'seatNo'>) => seatLabel(cell.area, cell.rowNo, cell.seatNo);

/** "A区 3排12号 贵宾 已分配 张三 嘉宾": name, kind when not 普通, state, who sits there and their 人员类别 (the seat's colour). */
export function seatAriaLabel(cell: SeatCell): string {
  const parts = [seatNameOf(cell)];
  if (cell.kind !== KIND_NORMAL) parts.push(optionLabel(SEAT_KINDS, cell.kind) ?? '');
  parts.push(optionLabel(SEAT_STATES, cell.state) ?? '');
  if (cell.personName) parts.push(cell.personName);
  if (cell.personName && cell.personKind !== null && cell.personKind !== undefined) parts.push(optionLabel(PERSON_KINDS, cell.personKind) ?? '');
  return parts.filter(Boolean).join(' ');
}

/** The rows with one seat replaced; every other row keeps its identity. */
export function replaceSeat(rows: readonly SeatRowData[], cell: SeatCell): SeatRowData[] {
  return rows.map((row) =>
    row.rowNo === cell.rowNo && row.seats.some((s) => s.id === cell.id) ? { rowNo: row.rowNo, seats: row.seats.map((s) => (s.id === cell.id ? cell : s)) } : row,
  );
}

/** Who already sits in this hall: person id → seat name (a person has one seat per hall). */
export function seatedPersons(rows: readonly SeatRowData[]): Map<number, string> {
  const out = new Map<number, string>();
  for (const row of rows) for (const cell of row.seats) if (cell.personId !== null) out.set(cell.personId, seatNameOf(cell));
  return out;
}

export type Direction = 'left' | 'right' | 'up' | 'down' | 'home' | 'end';

/**
 * The seat an arrow key moves to from seat `id`: along the row, or to the nearest number in the row
 * above or below; Home and End go to the row's first and last seat. Null at the edges.
 */
export function neighbour(rows: readonly SeatRowData[], id: number, direction: Direction): number | null {
  const r = rows.findIndex((row) => row.seats.some((s) => s.id === id));
  if (r < 0) return null;
  const seats = rows[r].seats;
  const i = seats.findIndex((s) => s.id === id);
  switch (direction) {
    case 'left':
      return i > 0 ? seats[i - 1].id : null;
    case 'right':
      return i < seats.length - 1 ? seats[i + 1].id : null;
    case 'home':
      return seats[0].id;
    case 'end':
      return seats[seats.length - 1].id;
    default: {
      const other = rows[direction === 'up' ? r - 1 : r + 1];
      if (!other) return null;
      const seatNo = seats[i].seatNo;
      let best = other.seats[0];
      for (const s of other.seats) if (Math.abs(s.seatNo - seatNo) < Math.abs(best.seatNo - seatNo)) best = s;
      return best.id;
    }
  }
}

/** The first row a batch can start at without touching the hall's seats: below its last row. */
export function nextFreeRow(rows: readonly SeatRowData[]): number {
  return rows.length ? rows[rows.length - 1].rowNo + 1 : 1;
}

/** 查找人员: how a keyword reads — digits are (part of) a mobile number, anything else part of a name. */
export const isMobileKeyword = (keyword: string) => /^\d{3,11}$/.test(keyword);

/** The seats of this hall whose sitter's name contains the keyword, in row order. */
export function seatsOfName(rows: readonly SeatRowData[], keyword: string): SeatCell[] {
  const out: SeatCell[] = [];
  for (const row of rows) for (const cell of row.seats) if (cell.personName?.includes(keyword)) out.push(cell);
  return out;
}

/** The seat in this hall of the first of `personIds` who has one. */
export function seatOfPersons(rows: readonly SeatRowData[], personIds: readonly number[]): SeatCell | null {
  const wanted = new Set(personIds);
  for (const row of rows) for (const cell of row.seats) if (cell.personId !== null && wanted.has(cell.personId)) return cell;
  return null;
}
