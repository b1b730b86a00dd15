import { memo, useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { SeatCell } from '@domain/meeting/seatMap.contracts';
import { neighbour, seatAriaLabel, type Direction, type SeatRowData } from './seatLayout';

/**
 * A hall's seats as plain buttons on a CSS grid, stage on top, row labels on both sides. Thousands of
 * seats stay cheap: one button per seat with its look in CSS classes, rows memoised so that a change to
 * one seat draws one row again, and a single click and key handler on the grid (delegation) instead of
 * one per seat. Keyboard: the grid is one tab stop (roving tabindex); arrows, Home and End move between
 * seats, Enter or Space opens the focused one.
 */
export interface SeatGridProps {
  hall: string;
  rows: readonly SeatRowData[];
  columns: number;
  /** The seat open in the panel, drawn as selected. */
  selectedId: number | null;
  /** 自动排座's proposal being previewed: seat id → the name proposed for it (highlighted, not saved). */
  proposed?: ReadonlyMap<number, string> | null;
  /** The seat 查找人员 found: ringed and scrolled into view. */
  foundId?: number | null;
  onPick: (cell: SeatCell) => void;
}

const KEYS: Readonly<Record<string, Direction>> = {
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Home: 'home',
  End: 'end',
};

interface SeatRowProps {
  row: SeatRowData;
  /** Set only for the row holding the tab stop / the selected seat, so the other rows' props stay equal. */
  tabbableId: number | null;
  selectedId: number | null;
  /** The proposal, only for rows that have proposed seats (other rows keep equal props). */
  proposed: ReadonlyMap<number, string> | null;
  foundId: number | null;
}

/** A taken seat's fill: its sitter's category colour (personKindColors.ts), else the theme's 已分配. */
const sitterFill = (cell: SeatCell) => (cell.personKind === null || cell.personKind === undefined ? undefined : `var(--zb-seat-p${cell.personKind}, var(--zb-seat-assigned))`);

const SeatRow = memo(function SeatRow({ row, tabbableId, selectedId, proposed, foundId }: SeatRowProps) {
  const label = `${row.rowNo}排`;
  return (
    <div className="zb-seat-row" role="group" aria-label={`第${row.rowNo}排`}>
      <span className="zb-seat-rowlabel" aria-hidden style={{ gridColumn: 1 }}>
        {label}
      </span>
      {row.seats.map((cell) => {
        const name = proposed?.get(cell.id);
        const text = name === undefined ? seatAriaLabel(cell) : `${seatAriaLabel(cell)} 拟分配 ${name}`;
        return (
          <button
            key={cell.id}
            type="button"
            className={`zb-seat zb-seat-s${cell.state} zb-seat-k${cell.kind}${cell.id === selectedId ? ' zb-seat-selected' : ''}${name === undefined ? '' : ' zb-seat-proposed'}${cell.id === foundId ? ' zb-seat-found' : ''}`}
            style={{ gridColumn: cell.seatNo + 1, ['--zb-seat-sitter' as string]: sitterFill(cell) }}
            data-seat-id={cell.id}
            tabIndex={cell.id === tabbableId ? 0 : -1}
            aria-label={text}
            title={text}
          />
        );
      })}
      <span className="zb-seat-rowlabel" aria-hidden style={{ gridColumn: -2 }}>
        {label}
      </span>
    </div>
  );
});

/** Column numbers above the seats, so a seat can be found by its number at a glance. */
const ColumnNumbers = memo(function ColumnNumbers({ columns }: { columns: number }) {
  return (
    <div className="zb-seat-row zb-seat-numbers" aria-hidden>
      {Array.from({ length: columns }, (_, i) => (
        <span key={i} style={{ gridColumn: i + 2 }}>
          {i + 1}
        </span>
      ))}
    </div>
  );
});

export function SeatGrid({ hall, rows, columns, selectedId, proposed = null, foundId = null, onPick }: SeatGridProps) {
  const grid = useRef<HTMLDivElement>(null);
  const byId = useMemo(() => {
    const map = new Map<number, SeatCell>();
    for (const row of rows) for (const cell of row.seats) map.set(cell.id, cell);
    return map;
  }, [rows]);
  const [focusId, setFocusId] = useState<number | null>(null);
  // The tab stop stays on a seat that still exists, else the first seat.
  const tabbable = focusId !== null && byId.has(focusId) ? focusId : (rows[0]?.seats[0]?.id ?? null);
  const rowOf = useMemo(() => {
    const map = new Map<number, number>();
    for (const row of rows) for (const cell of row.seats) map.set(cell.id, row.rowNo);
    return map;
  }, [rows]);

  const seatOf = useCallback(
    (target: EventTarget | null): SeatCell | null => {
      const button = target instanceof Element ? target.closest<HTMLElement>('[data-seat-id]') : null;
      return button ? (byId.get(Number(button.dataset.seatId)) ?? null) : null;
    },
    [byId],
  );

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const cell = seatOf(event.target);
    if (!cell) return;
    setFocusId(cell.id);
    onPick(cell);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const direction = KEYS[event.key];
    const cell = direction ? seatOf(event.target) : null;
    if (!direction || !cell) return;
    const next = neighbour(rows, cell.id, direction);
    event.preventDefault();
    if (next === null) return;
    setFocusId(next);
    grid.current?.querySelector<HTMLElement>(`[data-seat-id="${next}"]`)?.focus();
  };

  const template = `var(--zb-seat-label) repeat(${columns}, var(--zb-seat-size)) var(--zb-seat-label)`;
  const proposedRows = useMemo(() => {
    const out = new Set<number>();
    if (proposed) for (const id of proposed.keys()) if (rowOf.has(id)) out.add(rowOf.get(id)!);
    return out;
  }, [proposed, rowOf]);
  const tabRow = tabbable === null ? null : rowOf.get(tabbable);
  const selectedRow = selectedId === null ? null : rowOf.get(selectedId);
  const foundRow = foundId === null ? null : rowOf.get(foundId);
  useEffect(() => {
    // jsdom has no scrollIntoView; a browser centres the found seat in the scrolling hall.
    if (foundId !== null) grid.current?.querySelector<HTMLElement>(`[data-seat-id="${foundId}"]`)?.scrollIntoView?.({ block: 'center', inline: 'center', behavior: 'smooth' });
  }, [foundId]);
  return (
    <div className="zb-seat-hall" style={{ ['--zb-seat-columns' as string]: template }}>
      <div className="zb-seat-stage">舞台</div>
      <ColumnNumbers columns={columns} />
      <div ref={grid} className="zb-seat-grid" role="group" aria-label={`${hall}座位图`} onClick={onClick} onKeyDown={onKeyDown}>
        {rows.map((row) => (
          <SeatRow
            key={row.rowNo}
            row={row}
            tabbableId={row.rowNo === tabRow ? tabbable : null}
            selectedId={row.rowNo === selectedRow ? selectedId : null}
            proposed={proposedRows.has(row.rowNo) ? proposed : null}
            foundId={row.rowNo === foundRow ? foundId : null}
          />
        ))}
      </div>
    </div>
  );
}
