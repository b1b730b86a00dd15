import { startEarly, takeEarly } from '@/api/early';
import { call } from '@/api/call';
import { seat } from '@domain/meeting/resources';
import { seatMap, type SeatMapData } from '@domain/meeting/seatMap.contracts';
import { useSession } from '@/stores/session';

/**
 * Reading a hall's seats, and the first map (the first activity's first hall), which is asked for before
 * the seat page exists: by the router as soon as the route matches (src/router/earlyData.ts), else by the
 * page's code on arrival. The first SeatMapView that opens without a choice of its own takes it.
 */
export const SEAT_MAP_URL = seatMap.path;

/** One hall of the activity (without one, the caller's first activity; without a hall, its first hall). */
export function loadSeatMap(activityId: number | null, hallId: number | null): Promise<SeatMapData> {
  return call(seatMap, { activityId: activityId ?? undefined, hallId: hallId ?? undefined });
}

/** Asks for the first map, unless a fresh request of this scope is already under way or waiting. */
export function prefetchSeatMap(scopeVersion: number): void {
  startEarly(SEAT_MAP_URL, scopeVersion);
}

/** The prefetched first map when it is still fresh and of this scope (then it is no longer offered). */
export function takeEarlySeatMap(scopeVersion: number): { promise: Promise<SeatMapData>; data: SeatMapData | null } | null {
  const early = takeEarly<SeatMapData>(SEAT_MAP_URL, scopeVersion);
  return early && { promise: early.promise, data: early.data ?? null };
}

/** Whether the address filters the seat list, as ResourcePage reads it (its `filtersFromSearch`): the page opens on the list then. */
export function linksToSeatList(search: string): boolean {
  const params = new URLSearchParams(search);
  return seat.fields.some((f) => (f.filter === 'like' || f.filter === 'eq') && (params.get(f.name) ?? '').trim() !== '');
}

/** The page's first map, unless its address opens the list. */
export function startSeatMapEarly(search: string): void {
  if (!linksToSeatList(search)) prefetchSeatMap(useSession.getState().scopeVersion);
}
