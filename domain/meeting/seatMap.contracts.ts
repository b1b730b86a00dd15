import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Id, Int, IntegerEnum, NullableInt, NullableText, Text } from '../core/schemas';
import { fieldOf } from '../resource/framework';
import { seat, SEAT_KINDS } from './resources';

/**
 * 座位图: the map of one hall, bulk generation and assignment, beside the generic routes of /seat/seat.
 * Scoped like the seat list: the caller's organiser, current projects and activities.
 */

/** A hall (展馆) that has seats in the activity: its id, its name for display, and how many seats it has there. */
export const SeatHall = Type.Object({ hallId: Int, name: Text, seats: Int });
export type SeatHall = Static<typeof SeatHall>;

/** One seat as the map draws it: only what a cell needs. */
export const SeatCell = Type.Object({
  id: Int,
  rowNo: Int,
  seatNo: Int,
  area: NullableText,
  kind: Int,
  state: Int,
  personId: NullableInt,
  personName: NullableText,
});
export type SeatCell = Static<typeof SeatCell>;

/**
 * The activity's halls and every seat of one of them (the first when none is named). Without an
 * activity, the caller's first (as /business/activityOptions orders them).
 */
export const SeatMapData = Type.Object({
  /** The activity answered for; null when the caller has none. */
  activityId: NullableInt,
  halls: Type.Array(SeatHall),
  /** The hall (展馆 id) whose seats follow; null when the activity has no seats yet. */
  hallId: NullableInt,
  seats: Type.Array(SeatCell),
});
export type SeatMapData = Static<typeof SeatMapData>;

/**
 * 批量生成: a rectangle of seats in one hall (a 展馆 of the caller's organiser). An 区域 longer than the
 * definition's 20 is refused by its rules with the form's wording; the length here only bounds the request.
 */
export const SeatGenerateRequest = Type.Object({
  activityId: Id,
  hallId: Id,
  area: Type.Optional(Type.String({ maxLength: 200 })),
  rows: Type.Integer({ minimum: 1, maximum: 100 }),
  seatsPerRow: Type.Integer({ minimum: 1, maximum: 100 }),
  kind: IntegerEnum(SEAT_KINDS.map((k) => k.value)),
  // The highest row number the definition allows (排).
  startRow: Type.Integer({ minimum: 1, maximum: fieldOf(seat, 'rowNo')!.maxValue!, default: 1 }),
});
export type SeatGenerateRequest = Static<typeof SeatGenerateRequest>;

/** How many seats were made in which hall (its id, and its name for display). */
export const SeatGenerateResult = Type.Object({ hallId: Int, hall: Text, created: Int });
export type SeatGenerateResult = Static<typeof SeatGenerateResult>;

export const seatMap = endpoint({
  method: 'GET',
  path: '/seat/seat/map',
  authority: 'MENU_seat_seat',
  query: Type.Object({ activityId: Type.Optional(Id), hallId: Type.Optional(Id) }),
  response: SeatMapData,
});

export const seatGenerate = endpoint({
  method: 'POST',
  path: '/seat/seat/generate',
  authority: 'ACTION_seat_seat_generate',
  body: SeatGenerateRequest,
  response: SeatGenerateResult,
});

export const seatAssign = endpoint({
  method: 'POST',
  path: '/seat/seat/assign',
  authority: 'ACTION_seat_seat_assign',
  // An empty or missing person frees the seat (a cleared select sends '').
  body: Type.Object({ id: Id, personId: Type.Optional(Type.String({ format: 'id-text' })) }),
  response: SeatCell,
});
