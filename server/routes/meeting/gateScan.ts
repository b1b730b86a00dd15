import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { actionAuthority } from '@domain/resource/framework';
import { gate } from '@domain/meeting/resources';
import { GATE_SCAN_VERDICTS, type DeskGate, type GateScanPerson, type GateScanResult } from '@domain/wire';
import { envelopeSchema, ok } from '../../lib/envelope';
import { serializerSchema } from '../resources/schemas';
import { refuse } from '../../lib/errors';
import { Id, NoParams, Nullable, StringEnum, wireSchema } from '../../lib/schemas';
import { MSG } from '../../messages';
import { deskGates, scanAtGate } from '../../services/meeting/gateScan';
import { signedIn } from '../../plugins/tokenAuth';
import { cachedScope } from '../../services/projectScope';
import { callerOf } from '../resources/caller';

const NullableText = Nullable(Type.String());
const NullableInt = Nullable(Type.Integer());

const GateScanPersonSchema = wireSchema<GateScanPerson>()(
  Type.Object({ name: Type.String(), company: NullableText, kind: Type.Integer(), kindLabel: Type.String(), badgeNo: NullableText }),
);

const GateScanResultSchema = wireSchema<GateScanResult>()(
  Type.Object({
    verdict: StringEnum(GATE_SCAN_VERDICTS),
    gateId: NullableInt,
    gateName: NullableText,
    direction: NullableInt,
    person: Nullable(GateScanPersonSchema),
    checkedAt: NullableText,
    checkedGateName: NullableText,
    todayCount: NullableInt,
  }),
);

const DeskGateSchema = wireSchema<DeskGate>()(
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    location: Type.String(),
    direction: Type.Integer(),
    deviceNo: Type.String(),
    activityId: Type.Integer(),
    activityName: Type.String(),
    todayCount: Type.Integer(),
  }),
);

/**
 * A QR address may be long (a full URL with `?code=`); a keyboard-wedge scanner sends it as typed. The
 * gate is named by id (the desk) or by its device number (a gate device that knows only itself).
 */
const ScanBody = Type.Object({
  gateId: Type.Optional(Id),
  deviceNo: Type.Optional(Type.String({ maxLength: 32 })),
  code: Type.String({ maxLength: 512 }),
});

const SCAN = actionAuthority(gate, 'scan');

/** 签到台 and gate devices: scan a personal code at a gate; the gates a desk may pick. */
const gateScanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    `${gate.api}/scan`,
    { config: { authority: SCAN }, schema: { body: ScanBody, response: { 200: serializerSchema(envelopeSchema(GateScanResultSchema)) } } },
    async (request) => {
      const { gateId, code } = request.body;
      const deviceNo = request.body.deviceNo?.trim() || undefined;
      // Both checks before any query: a blank scan (an Enter on an empty field) costs nothing.
      if (gateId === undefined && deviceNo === undefined) throw refuse(MSG.gateScanGateRequired);
      if (code.trim() === '') throw refuse(MSG.gateScanCodeRequired);
      const { user, organiser } = signedIn(request);
      const now = app.now();
      // The scope as the token's cache holds it (AUTH_CACHE_S): no query of its own on a busy gate.
      const scope = await cachedScope(app.db, user.id, organiser.id, now);
      const scanner = { db: app.db, userId: user.id, organiserId: organiser.id, scope, now: new Date(now) };
      const { result, msg } = await scanAtGate(scanner, { gateId, deviceNo, code });
      return ok(result, msg);
    },
  );

  app.get(
    `${gate.api}/desk`,
    { config: { authority: SCAN }, schema: { querystring: NoParams, response: { 200: envelopeSchema(Type.Array(DeskGateSchema)) } } },
    async (request) => ok(await deskGates(await callerOf(app, request))),
  );
};

export default gateScanRoutes;
