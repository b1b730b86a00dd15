import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { deskApprove, deskCheckin, deskGates, deskSearch, gateScan } from '@domain/meeting/gateScan.contracts';
import { ok } from '../../lib/envelope';
import { fieldErrors, refuse } from '../../lib/errors';
import { gzipLarge } from '../../lib/gzipLarge';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import { serializerSchema } from '../../services/resources/routeSchemas';
import { callerOf } from '../../services/caller';
import { deskGates as readDeskGates, scanAtGate } from './gateScan.service';
import { cachedScope } from '../../services/projectScope';
import { deskCopy } from '@domain/meeting/deskCopy.contracts';
import { readDeskCopy } from './deskCopy.service';
import { deskUpload } from '@domain/meeting/deskUpload.contracts';
import { uploadDeskScans } from './deskUpload.service';
import { approveAtDesk, checkInAtDesk, fillAllSearchKeys, searchAtDesk } from './personSearch.repository';

/**
 * The upload's scans travel as one form field of JSON text, which the signature covers as it is
 * (docs/decisions/0006-form-encoded-signed-requests.md); parsed here, after the signature check and
 * before the contract's schema checks every scan. Anything else (an array the signature could not
 * cover) is refused.
 */
async function scansFromText(request: FastifyRequest): Promise<void> {
  const form = request.body as Record<string, unknown> | undefined;
  if (!form || form.scans === undefined) return;
  const refused = () => fieldErrors([{ field: 'scans', msg: MSG.fieldType }], () => MSG.deskUploadScansLabel);
  if (typeof form.scans !== 'string') throw refused();
  try {
    form.scans = JSON.parse(form.scans) as unknown;
  } catch {
    throw refused();
  }
}

/** 签到台 and gate devices (domain/meeting/gateScan.contracts.ts); the SQL is in server/modules/meeting/gateScan.service.ts. */
const gateScanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // How long before an activity's first day a scan is within its dates (活动日期外扫码), and an upload's door time possible.
  const marginMs = app.config.deskUploadMarginH * 3600_000;
  // A busy gate's answer written without an Ajv run per nullable field (serializerSchema).
  route(app, { ...gateScan, response: serializerSchema(gateScan.response) }, async (request) => {
    const { gateId, code } = request.body;
    const deviceNo = request.body.deviceNo?.trim() || undefined;
    // Both checks before any query: a blank scan (an Enter on an empty field) costs nothing.
    if (gateId === undefined && deviceNo === undefined) throw refuse(MSG.gateScanGateRequired);
    if (code.trim() === '') throw refuse(MSG.gateScanCodeRequired);
    const { user, organiser } = signedIn(request);
    const now = app.now();
    // The scope as the token's cache holds it (AUTH_CACHE_S): no query of its own on a busy gate.
    const scope = await cachedScope(app.db, user.id, organiser.id, now);
    const scanner = { db: app.db, userId: user.id, organiserId: organiser.id, scope, now: new Date(now), marginMs };
    const { result, msg } = await scanAtGate(scanner, { gateId, deviceNo, code });
    return ok(result, msg);
  });

  route(app, deskGates, async (request) => ok(await readDeskGates(await callerOf(app, request))));

  route(app, deskSearch, async (request) => ok(await searchAtDesk(await callerOf(app, request), request.query.gateId, request.query.keyword)));
  route(app, deskCheckin, async (request) => ok(await checkInAtDesk(await callerOf(app, request), request.body, marginMs), MSG.deskCheckinOk));
  // 签到台's local copy for scanning offline; thousands of rows, so serialised without Ajv per nullable field.
  route(app, { ...deskCopy, response: serializerSchema(deskCopy.response) }, async (request) =>
    ok(await readDeskCopy(await callerOf(app, request), request.query.gateId, request.query.since, app.config.ssoSecret, marginMs)),
    { onSend: gzipLarge },
  );
  // 签到台 back online: its offline queue, applied in door-time order, once per scan id.
  route(
    app,
    { ...deskUpload, response: serializerSchema(deskUpload.response) },
    async (request) => {
      const results = await uploadDeskScans(await callerOf(app, request), request.body.scans, marginMs);
      const conflicts = results.filter((r) => r.conflict && !r.repeated).length;
      return ok(results, MSG.deskUploadOk(results.length, conflicts));
    },
    { preValidation: scansFromText },
  );
  route(app, deskApprove, async (request) => ok(await approveAtDesk(await callerOf(app, request), request.body), MSG.deskApproveOk));

  // Attendees written before the search column, or by a path that left their key out, are searchable
  // from the start (each activity's first search would also fill them).
  app.addHook('onReady', async () => {
    const filled = await fillAllSearchKeys(app.db);
    if (filled > 0) app.log.info({ filled }, 'desk search keys filled');
  });
};

export default gateScanRoutes;
