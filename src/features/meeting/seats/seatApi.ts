import { http, get } from '@/api/request';
import { resourceUrls } from '@/components/resource/resourceApi';
import { stateValue } from '@domain/resource/framework';
import { person, seat } from '@domain/meeting/resources';
import type { SeatCell, SeatGenerateRequest, SeatGenerateResult } from '@domain/wire';
import type { Envelope } from '@domain/core/envelope';

/**
 * The seat map's calls (server/routes/meeting/seatMap.ts) besides reading a hall (earlyMap.ts): bulk
 * generation and assignment; the persons to choose from come from the person resource's own list route.
 */
export const SEAT_GENERATE_URL = `${seat.api}/generate`;
export const SEAT_ASSIGN_URL = `${seat.api}/assign`;

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
