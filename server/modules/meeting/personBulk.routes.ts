import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { personBulkApprove, personBulkBadges, personBulkCancel, personBulkKind, personBulkRemove, personBulkShuttle, type BulkResult } from '@domain/meeting/personBulk.contracts';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { callerOf } from '../../services/caller';
import { bulkApprove, bulkBadges, bulkCancel, bulkKind, bulkRemove, bulkShuttle } from './personBulk.service';

/** 参会人员 in bulk (domain/meeting/personBulk.contracts.ts); the SQL is in server/modules/meeting/personBulk.service.ts. */
const answer = (verb: string, result: BulkResult, dryRun: boolean) =>
  ok(
    result,
    dryRun
      ? MSG.ok
      : MSG.personBulkDone(verb, result.done, result.skipped.reduce((sum, s) => sum + s.count, 0)) +
          (result.messages && result.done ? MSG.personBulkNotified(result.messages.email, result.messages.sms) : ''),
  );

const personBulkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // A move queues its messages as one fan-out (server/modules/meeting/statusFanout.service.ts): the worker expands it now.
  route(app, personBulkApprove, async (request) => {
    const result = await bulkApprove(await callerOf(app, request), request.body);
    app.outbox.kick();
    return answer('审核通过', result, request.body.dryRun === '1');
  });
  route(app, personBulkCancel, async (request) => {
    const result = await bulkCancel(await callerOf(app, request), request.body, request.body.remark);
    app.outbox.kick();
    return answer('取消', result, request.body.dryRun === '1');
  });
  route(app, personBulkKind, async (request) =>
    answer('变更人员类别', await bulkKind(await callerOf(app, request), request.body, request.body.toKind), request.body.dryRun === '1'),
  );
  route(app, personBulkShuttle, async (request) =>
    answer('安排班车', await bulkShuttle(await callerOf(app, request), request.body, request.body.lineId), request.body.dryRun === '1'),
  );
  route(app, personBulkRemove, async (request) => answer('删除', await bulkRemove(await callerOf(app, request), request.body), request.body.dryRun === '1'));
  route(app, personBulkBadges, async (request) => ok(await bulkBadges(await callerOf(app, request), request.body)));
};

export default personBulkRoutes;
