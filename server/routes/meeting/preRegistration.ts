import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { PreRegistrationInfo, PreRegistrationResult, PreRegistrationState } from '@domain/wire';
import { envelopeSchema, ok } from '../../lib/envelope';
import { Id, Nullable, wireSchema } from '../../lib/schemas';
import { MSG } from '../../messages';
import { limitAddress } from '../../services/rateLimits';
import { PRE_REGISTRATION_FIELDS, register, registrationInfo, registrationOf } from '../../services/meeting/preRegistration';

/**
 * 扫码预登记 for visitors without an account (`public`: no token, still signed like every /admin call).
 * Per address: lookups (the form, the result page) are cheap and many people may share a venue's
 * network; submissions write rows and tell whether a mobile is registered, so they are far fewer.
 */
export const PRE_REG_LOOKUP_MAX = 60;
export const PRE_REG_LOOKUP_WINDOW_S = 60;
export const PRE_REG_SUBMIT_MAX = 30;
export const PRE_REG_SUBMIT_WINDOW_S = 600;

const ActivitySchema = Type.Object({ id: Type.Integer(), name: Type.String(), srq: Type.String(), erq: Type.String(), address: Nullable(Type.String()) });
const InfoSchema = wireSchema<PreRegistrationInfo>()(
  Type.Object({
    organiserName: Type.String(),
    projectName: Type.String(),
    projectSrq: Nullable(Type.String()),
    projectErq: Nullable(Type.String()),
    projectAddress: Nullable(Type.String()),
    activities: Type.Array(ActivitySchema),
  }),
);
const ResultSchema = wireSchema<PreRegistrationResult>()(Type.Object({ code: Type.String(), badgeNo: Type.String(), name: Type.String() }));
const StateSchema = wireSchema<PreRegistrationState>()(
  Type.Object({
    code: Type.String(),
    badgeNo: Type.String(),
    name: Type.String(),
    projectName: Type.String(),
    activityName: Type.String(),
    status: Type.Integer(),
    statusLabel: Type.String(),
  }),
);

/** Every field as optional text with a generous bound: the definition's rules then say what is wrong, field by field, in Chinese. */
const SubmitBody = Type.Object(
  {
    activityId: Id,
    ...Object.fromEntries(PRE_REGISTRATION_FIELDS.map((name) => [name, Type.Optional(Type.String({ maxLength: 200 }))])),
  },
  { additionalProperties: false },
);

/** A personal code is 22 base64url characters; anything else cannot be one and is answered like an unknown one. */
const CODE = Type.String({ maxLength: 64 });

const preRegistrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const lookupLimit = (ip: string) => limitAddress(app.db, 'pre-reg-lookup', ip, PRE_REG_LOOKUP_MAX, PRE_REG_LOOKUP_WINDOW_S, app.now());

  app.get(
    '/pre/registration/info',
    {
      config: { public: true },
      schema: {
        querystring: Type.Object({ project: Type.Optional(Id), activity: Type.Optional(Id) }, { additionalProperties: false }),
        response: { 200: envelopeSchema(InfoSchema) },
      },
    },
    async (request) => {
      await lookupLimit(request.ip);
      const { project, activity } = request.query;
      return ok(await registrationInfo(app.db, { projectId: project, activityId: activity }, new Date(app.now())));
    },
  );

  app.post(
    '/pre/registration/submit',
    {
      config: { public: true },
      schema: { body: SubmitBody, response: { 200: envelopeSchema(ResultSchema) } },
    },
    async (request) => {
      await limitAddress(app.db, 'pre-reg-submit', request.ip, PRE_REG_SUBMIT_MAX, PRE_REG_SUBMIT_WINDOW_S, app.now());
      const { activityId, ...input } = request.body as { activityId: number } & Record<string, string | undefined>;
      return ok(await register(app.db, activityId, input, new Date(app.now())), MSG.preRegSubmitted);
    },
  );

  app.get(
    '/pre/registration/mine',
    {
      config: { public: true },
      schema: { querystring: Type.Object({ code: CODE }, { additionalProperties: false }), response: { 200: envelopeSchema(StateSchema) } },
    },
    async (request) => {
      await lookupLimit(request.ip);
      return ok(await registrationOf(app.db, request.query.code.trim()));
    },
  );
};

export default preRegistrationRoutes;
