import { http, get } from '../../../api/request';
import { resourceUrls } from '../../../components/resource/resourceApi';
import { stateValue } from '../../../shared/resources/framework';
import { person, seat } from '../../../shared/resources/meeting';
import type { Envelope, SeatCell, SeatGenerateRequest, SeatGenerateResult, SeatMapData } from '../../../shared/wire';

/**
 * The seat map's calls (server/routes/meeting/seatMap.ts): one hall's seats, bulk generation and
 * assignment; the persons to choose from come from the person resource's own list route.
 */
export const SEAT_MAP_URL = `${seat.api}/map`;
export const SEAT_GENERATE_URL = `${seat.api}/generate`;
export const SEAT_ASSIGN_URL = `${seat.api}/assign`;

/** One hall of the activity (without one, the caller's first activity; without a hall, its first hall). */
export function loadSeatMap(activityId: number | null, hall: string | null): Promise<SeatMapData> {
  return get<SeatMapData>(SEAT_MAP_URL, { activityId: activityId ?? undefined, hall: hall ?? undefined });
}

/**
 * The first map a page opens (its first activity, first hall), asked for before the page has rendered:
 * the seat page starts it as soon as its code has arrived, so the request runs while the layout and the
 * page are still being built instead of after them. Taken once, by the first SeatMapView that opens
 * without a choice of its own, within a few seconds and in the same scope; otherwise it is left unused.
 */
interface EarlyMap {
  promise: Promise<SeatMapData>;
  data: SeatMapData | null;
  at: number;
  scopeVersion: number;
}
let early: EarlyMap | null = null;
const EARLY_FOR_MS = 10_000;

export function prefetchSeatMap(scopeVersion: number): void {
  const entry: EarlyMap = { promise: loadSeatMap(null, null), data: null, at: Date.now(), scopeVersion };
  entry.promise.then(
    (data) => (entry.data = data),
    () => {
      // Not taken when it failed: the map asks again and the user sees that answer.
      if (early === entry) early = null;
    },
  );
  early = entry;
}

/** The prefetched first map when it is still fresh and of this scope (then it is no longer offered). */
export function takeEarlySeatMap(scopeVersion: number): { promise: Promise<SeatMapData>; data: SeatMapData | null } | null {
  const entry = early;
  early = null;
  if (!entry || entry.scopeVersion !== scopeVersion || Date.now() - entry.at > EARLY_FOR_MS) return null;
  return { promise: entry.promise, data: entry.data };
}

export type GenerateForm = SeatGenerateRequest;

/** Resolves with the result and the server's message; a refusal rejects (its toast already shown). */
export async function generateSeats(form: GenerateForm): Promise<{ result: SeatGenerateResult; msg: string }> {
  const response = await http.post<Envelope<SeatGenerateResult>>(SEAT_GENERATE_URL, { ...form });
  return { result: response.data.data, msg: response.data.msg };
}

/** Puts a person on the seat, or frees it (null); resolves with the seat as it is now and the server's message. */
export async function assignSeat(id: number, personId: number | null): Promise<{ cell: SeatCell; msg: string }> {
  const response = await http.post<Envelope<SeatCell>>(SEAT_ASSIGN_URL, { id, personId: personId ?? '' });
  return { cell: response.data.data, msg: response.data.msg };
}

export interface PersonChoice {
  id: number;
  name: string;
  mobile: string | null;
  company: string | null;
}

/** How many persons one search offers: enough to pick from, few enough to read. */
export const PERSON_CHOICES = 20;

/** The approved attendees of the activity whose names contain the keyword. */
export function searchPersons(activityId: number, keyword: string): Promise<PersonChoice[]> {
  return get<PersonChoice[]>(resourceUrls(person).list, {
    activityId,
    status: stateValue(person, 'status', 'approved'),
    keyword: keyword.trim() || undefined,
    limit: PERSON_CHOICES,
  });
}
