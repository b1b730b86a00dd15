import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { resourceByKey } from '@domain/registry';
import { actionAuthority, menuAuthority } from '@domain/resource/framework';
import { SEAT_KINDS } from '@domain/meeting/resources';
import type { SeatCell, SeatGenerateResult, SeatMapData } from '@domain/wire';
import { envelopeSchema, ok } from '../../lib/envelope';
import { Id, IntegerEnum, Nullable, wireSchema } from '../../lib/schemas';
import { MSG } from '../../messages';
import { assignSeat, generateSeats, ROW_MAX, seatMap } from '../../services/meeting/seatMap';
import { callerOf } from '../resources/caller';

const seat = resourceByKey('seat');

const SeatCellSchema = wireSchema<SeatCell>()(
  Type.Object({
    id: Type.Integer(),
    rowNo: Type.Integer(),
    seatNo: Type.Integer(),
    area: Nullable(Type.String()),
    kind: Type.Integer(),
    state: Type.Integer(),
    personId: Nullable(Type.Integer()),
    personName: Nullable(Type.String()),
  }),
);

const SeatMapSchema = wireSchema<SeatMapData>()(
  Type.Object({
    activityId: Nullable(Type.Integer()),
    halls: Type.Array(Type.Object({ hall: Type.String(), seats: Type.Integer() })),
    hall: Nullable(Type.String()),
    seats: Type.Array(SeatCellSchema),
  }),
);

const SeatGenerateSchema = wireSchema<SeatGenerateResult>()(Type.Object({ hall: Type.String(), created: Type.Integer() }));

/** Lengths beyond the definition's (会场 30, 区域 20) are refused by its rules with the form's wording; these only bound the request. */
const GenerateBody = Type.Object({
  activityId: Id,
  hall: Type.String({ maxLength: 200 }),
  area: Type.Optional(Type.String({ maxLength: 200 })),
  rows: Type.Integer({ minimum: 1, maximum: 100 }),
  seatsPerRow: Type.Integer({ minimum: 1, maximum: 100 }),
  kind: IntegerEnum(SEAT_KINDS.map((k) => k.value)),
  startRow: Type.Integer({ minimum: 1, maximum: ROW_MAX, default: 1 }),
});

/** An empty or missing person frees the seat (a cleared select sends ''). */
const AssignBody = Type.Object({
  id: Id,
  personId: Type.Optional(Type.String({ format: 'id-text' })),
});

/**
 * 座位图 (issue 9): the map of one hall, bulk generation, and assignment. Scoped like the seat list: the
 * caller's organiser, current projects and activities.
 */
const seatMapRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    `${seat.api}/map`,
    {
      config: { authority: menuAuthority(seat) },
      schema: {
        querystring: Type.Object({ activityId: Type.Optional(Id), hall: Type.Optional(Type.String({ maxLength: 30 })) }),
        response: { 200: envelopeSchema(SeatMapSchema) },
      },
    },
    async (request) => ok(await seatMap(await callerOf(app, request), request.query.activityId, request.query.hall)),
  );

  app.post(
    `${seat.api}/generate`,
    {
      config: { authority: actionAuthority(seat, 'generate') },
      schema: { body: GenerateBody, response: { 200: envelopeSchema(SeatGenerateSchema) } },
    },
    async (request) => {
      const result = await generateSeats(await callerOf(app, request), request.body);
      return ok(result, MSG.seatGenerated(result.hall, result.created));
    },
  );

  app.post(
    `${seat.api}/assign`,
    {
      config: { authority: actionAuthority(seat, 'assign') },
      schema: { body: AssignBody, response: { 200: envelopeSchema(SeatCellSchema) } },
    },
    async (request) => {
      const { id, personId } = request.body;
      const { cell, msg } = await assignSeat(await callerOf(app, request), id, personId ? Number(personId) : null);
      return ok(cell, msg);
    },
  );
};

export default seatMapRoutes;
