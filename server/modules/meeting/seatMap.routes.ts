import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { seatAssign, seatAutoApply, seatAutoPreview, seatAutoUndo, seatGenerate, seatMap } from '@domain/meeting/seatMap.contracts';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { callerOf } from '../../services/caller';
import { assignSeat, generateSeats, seatMap as readSeatMap } from './seatMap.repository';
import { applyAuto, previewAuto, undoAuto } from './seatAuto.service';

/** 座位图 (domain/meeting/seatMap.contracts.ts); the SQL is in server/modules/meeting/seatMap.repository.ts. */
const seatMapRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, seatMap, async (request) => ok(await readSeatMap(await callerOf(app, request), request.query.activityId, request.query.hallId)));

  route(app, seatGenerate, async (request) => {
    const result = await generateSeats(await callerOf(app, request), request.body);
    return ok(result, MSG.seatGenerated(result.hall, result.created));
  });

  route(app, seatAssign, async (request) => {
    const { id, personId } = request.body;
    const { cell, msg } = await assignSeat(await callerOf(app, request), id, personId ? Number(personId) : null);
    return ok(cell, msg);
  });

  route(app, seatAutoPreview, async (request) => ok(await previewAuto(await callerOf(app, request), request.body)));

  route(app, seatAutoApply, async (request) => {
    const { result, msg } = await applyAuto(await callerOf(app, request), request.body);
    return ok(result, msg);
  });

  route(app, seatAutoUndo, async (request) => {
    const { released, msg } = await undoAuto(await callerOf(app, request), request.body.activityId, request.body.hallId);
    return ok({ released }, msg);
  });
};

export default seatMapRoutes;
