import { get } from '@/api/request';
import { call, callWithMessage } from '@/api/call';
import { resourceUrls } from '@/components/resource/resourceApi';
import { stateValue } from '@domain/resource/framework';
import { person } from '@domain/meeting/resources';
import {
  seatAssign,
  seatAutoApply,
  seatAutoPreview,
  seatAutoUndo,
  seatGenerate,
  type SeatAutoApplied,
  type SeatAutoPreview,
  type SeatAutoRequest,
  type SeatCell,
  type SeatGenerateRequest,
  type SeatGenerateResult,
} from '@domain/meeting/seatMap.contracts';

/**
 * The seat map's calls (domain/meeting/seatMap.contracts.ts) besides reading a hall (earlyMap.ts): bulk
 * generation and assignment; the persons to choose from come from the person resource's own list route.
 */
export type GenerateForm = SeatGenerateRequest;

/** Resolves with the result and the server's message; a refusal rejects (its toast already shown). */
export async function generateSeats(form: GenerateForm): Promise<{ result: SeatGenerateResult; msg: string }> {
  const { data, msg } = await callWithMessage(seatGenerate, form);
  return { result: data, msg };
}

/** Puts a person on the seat, or frees it (null); resolves with the seat as it is now and the server's message. */
export async function assignSeat(id: number, personId: number | null): Promise<{ cell: SeatCell; msg: string }> {
  const { data, msg } = await callWithMessage(seatAssign, { id, personId: personId === null ? '' : String(personId) });
  return { cell: data, msg };
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

/**
 * 查找人员 of the map: persons of the activity whatever their review state, by a part of the name or of
 * the mobile number (the person list's 手机号码 filter).
 */
export function findPersons(activityId: number, keyword: string, byMobile: boolean): Promise<PersonChoice[]> {
  return get<PersonChoice[]>(resourceUrls(person).list, { activityId, ...(byMobile ? { mobile: keyword } : { keyword }), limit: PERSON_CHOICES });
}

/** 自动排座's proposal for a range of attendees in a hall; nothing is saved. */
export function previewAutoSeats(request: SeatAutoRequest): Promise<SeatAutoPreview> {
  return call(seatAutoPreview, request);
}

/** Saves the proposal the preview named by its token; resolves with the server's message. */
export async function applyAutoSeats(request: SeatAutoRequest, token: string): Promise<{ result: SeatAutoApplied; msg: string }> {
  const { data, msg } = await callWithMessage(seatAutoApply, { ...request, token });
  return { result: data, msg };
}

/** Takes back the hall's last automatic seating; resolves with the server's message. */
export async function undoAutoSeats(activityId: number, hallId: number): Promise<string> {
  return (await callWithMessage(seatAutoUndo, { activityId, hallId })).msg;
}
