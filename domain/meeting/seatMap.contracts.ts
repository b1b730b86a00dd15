import { Type, type Static } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
import { Id, Int, IntegerEnum, Nullable, NullableInt, NullableText, StringEnum, Text } from '../core/schemas';
import { fieldOf } from '../resource/framework';
import { PERSON_KINDS, seat, SEAT_KINDS } from './resources';

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
  /** The sitter's 人员类别 (PERSON_KINDS), for the map's colours; null on a free seat. */
  personKind: NullableInt,
});
export type SeatCell = Static<typeof SeatCell>;

/** The last 自动排座 of a hall that can still be undone: how many seats it filled, when and by whom. */
export const SeatAutoRun = Type.Object({ runId: Int, seats: Int, at: Text, by: NullableText });
export type SeatAutoRun = Static<typeof SeatAutoRun>;

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
  /** The hall's last automatic seating that 撤销 would take back; null (or absent) when there is none. */
  lastRun: Type.Optional(Nullable(SeatAutoRun)),
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
  kind: IntegerEnum(SEAT_KINDS.map((k) => k.value), { title: '座位类型' }),
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

// 自动排座 -------------------------------------------------------------------------------------------

/** Most attendees one automatic seating places: the same bound as one generation of seats. */
export const SEAT_AUTO_MAX = 5_000;

/**
 * The order categories take the front rows in unless the user chooses another: guests and speakers
 * first, then the press and exhibitors, the audience, and the staff at the back.
 */
export const SEAT_AUTO_DEFAULT_ORDER: readonly number[] = ['speaker', 'guest', 'press', 'exhibitorStaff', 'visitor', 'staff'].map(
  (key) => PERSON_KINDS.find((k) => k.key === key)!.value,
);

/** Parameters travel as a form, lists comma-joined (src/api/params.ts): "3,2,1". */
const kindList = Type.String({ pattern: `^([1-9](,[1-9]){0,${PERSON_KINDS.length - 1}})?$` });

/**
 * Whom to seat in which hall: the approved attendees of the activity without a seat in that hall —
 * all of them, those of some 人员类别 (`kinds`), those whose 单位 contains `company`, or the chosen
 * persons (`personIds`). `order` lists categories front to back (the others follow in the default order).
 */
export const SeatAutoRequest = Type.Object({
  activityId: Id,
  hallId: Id,
  scope: StringEnum(['all', 'kinds', 'company', 'persons'] as const),
  kinds: Type.Optional(kindList),
  company: Type.Optional(Type.String({ maxLength: 100 })),
  personIds: Type.Optional(Type.String({ pattern: `^([1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,${SEAT_AUTO_MAX - 1}})?$` })),
  order: Type.Optional(kindList),
});
export type SeatAutoRequest = Static<typeof SeatAutoRequest>;

/** One proposed seat: which seat, who would sit there (name, category, company for the preview). */
export const SeatAutoPlacement = Type.Object({ seatId: Int, personId: Int, personName: Text, personKind: Int, company: NullableText });
export type SeatAutoPlacement = Static<typeof SeatAutoPlacement>;

/** What a run would do, before anything is saved. `token` names this very proposal for 保存. */
export const SeatAutoPreview = Type.Object({
  /** Approved attendees in the chosen range without a seat in this hall. */
  candidates: Int,
  /** How many of them get a seat, and how many do not for want of free seats. */
  seated: Int,
  unseated: Int,
  /** Of the range, those who already sit in this hall (left where they are). */
  alreadySeated: Int,
  /** Chosen persons who are not approved attendees of the activity (not seated). */
  skipped: Int,
  /** Free seats of the hall (neither taken nor 保留). */
  freeSeats: Int,
  placements: Type.Array(SeatAutoPlacement),
  /** The first of those left without a seat, by name. */
  unseatedNames: Type.Array(Text),
  token: Text,
});
export type SeatAutoPreview = Static<typeof SeatAutoPreview>;

export const SeatAutoApplied = Type.Object({ runId: Int, seated: Int, unseated: Int });
export type SeatAutoApplied = Static<typeof SeatAutoApplied>;

export const seatAutoPreview = endpoint({
  method: 'POST',
  path: '/seat/seat/autoPreview',
  authority: 'ACTION_seat_seat_assign',
  body: SeatAutoRequest,
  response: SeatAutoPreview,
});

/** Saves the previewed proposal; refused, nothing changed, when the seats or attendees changed since (another token). */
export const seatAutoApply = endpoint({
  method: 'POST',
  path: '/seat/seat/autoApply',
  authority: 'ACTION_seat_seat_assign',
  body: Type.Composite([SeatAutoRequest, Type.Object({ token: Type.String({ minLength: 1, maxLength: 100 }) })]),
  response: SeatAutoApplied,
});

/** Frees exactly the seats the hall's last run filled; refused when any of them changed since. */
export const seatAutoUndo = endpoint({
  method: 'POST',
  path: '/seat/seat/autoUndo',
  authority: 'ACTION_seat_seat_assign',
  body: Type.Object({ activityId: Id, hallId: Id }),
  response: Type.Object({ released: Int }),
});
