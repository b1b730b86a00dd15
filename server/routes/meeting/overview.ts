import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { MeetingOverview } from '@domain/wire';
import { envelopeSchema, ok } from '../../lib/envelope';
import { Id, Nullable, wireSchema } from '../../lib/schemas';
import { meetingOverview } from '../../services/meeting/overview';
import { callerOf } from '../resources/caller';

const Int = Type.Integer();
const Text = Type.String();

const MeetingOverviewSchema = wireSchema<MeetingOverview>()(
  Type.Object({
    activityId: Int,
    activityName: Text,
    projectName: Text,
    totals: Type.Object({
      registered: Int,
      approved: Int,
      pending: Int,
      rejected: Int,
      cancelled: Int,
      checkedIn: Int,
      checkinRate: Type.Number(),
    }),
    registrationsByDay: Type.Array(Type.Object({ day: Text, source: Nullable(Int), count: Int })),
    people: Type.Array(Type.Object({ kind: Int, status: Int, count: Int })),
    checkinsByGate: Type.Array(Type.Object({ gateId: Int, name: Text, count: Int })),
    checkinsByHour: Type.Array(Type.Object({ hour: Text, count: Int })),
    seats: Type.Array(Type.Object({ hall: Text, assigned: Int, reserved: Int, free: Int })),
  }),
);

/**
 * 活动概览 (会务服务): the figures of one activity in the caller's scope. Without an activity the caller's
 * current (or busiest) one is shown; `data` is null when they may see no activity at all.
 */
const overviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/meeting/overview',
    {
      config: { authority: 'MENU_meeting_overview' },
      schema: {
        querystring: Type.Object({ activityId: Type.Optional(Id) }),
        response: { 200: envelopeSchema(Nullable(MeetingOverviewSchema)) },
      },
    },
    async (request) => ok(await meetingOverview(await callerOf(app, request), request.query.activityId)),
  );
};

export default overviewRoutes;
