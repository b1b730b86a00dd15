import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { person } from '@domain/meeting/resources';
import { actionAuthority, INT_MAX } from '@domain/resource/framework';
import type { PersonBadge, PersonImportPreview, PersonImportResult } from '@domain/wire';
import { chinaDay } from '../../lib/dates';
import { envelopeSchema, ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { NoParams, Nullable, StringEnum, wireSchema } from '../../lib/schemas';
import { MSG } from '../../messages';
import { UPLOAD_BODY_LIMIT } from '../../services/attachments';
import { badgesOf, commitImport, IMPORT_MAX_BYTES, previewImport, templateWorkbook } from '../../services/meeting/personImport';
import { callerOf } from '../resources/caller';

/**
 * 参会人员 import and badges, beside the generic routes of /person/person:
 *   GET  importTemplate — the .xlsx to fill in;
 *   POST importPreview  — the file checked row by row, nothing written;
 *   POST importCommit   — the file checked again and all rows written, or none;
 *   GET  badges         — what the printed badges of chosen persons show.
 * The file travels as a base64 form field (as attachments do), so the request is signed like any other.
 */

const BASE = person.api;
const IMPORT = actionAuthority(person, 'import');
const BADGE = actionAuthority(person, 'badge');
/** Most badges one print asks for: a few pages of eight. */
const BADGES_MAX = 200;

/** base64 of the largest file, with room for line breaks some encoders add. */
const CONTENT_MAX = Math.ceil(IMPORT_MAX_BYTES / 3) * 4 + 1024;
/** The form carrying it, as for attachments: a 10 000-row file is about 0.5 MB, its form about 0.7 MB. */
const IMPORT_BODY_LIMIT = UPLOAD_BODY_LIMIT;

const FileBody = {
  activityId: Type.String({ format: 'id-text', minLength: 1 }),
  fileName: Type.String({ minLength: 1, maxLength: 200 }),
  content: Type.String({ minLength: 1, maxLength: CONTENT_MAX }),
};

const ErrorSchema = Type.Object({ row: Type.Integer(), column: Type.String(), field: Type.String(), msg: Type.String() });
const PreviewSchema = wireSchema<PersonImportPreview>()(
  Type.Object({
    total: Type.Integer(),
    valid: Type.Integer(),
    errorCount: Type.Integer(),
    duplicateInFile: Type.Integer(),
    duplicateExisting: Type.Integer(),
    errors: Type.Array(ErrorSchema),
    rows: Type.Array(Type.Object({ row: Type.Integer(), values: Type.Record(Type.String(), Type.String()) })),
  }),
);
const ResultSchema = wireSchema<PersonImportResult>()(Type.Object({ imported: Type.Integer() }));
const BadgeSchema = wireSchema<PersonBadge>()(
  Type.Object({
    id: Type.Integer(),
    name: Type.String(),
    company: Nullable(Type.String()),
    jobTitle: Nullable(Type.String()),
    kind: Type.Integer(),
    kindLabel: Type.String(),
    badgeNo: Nullable(Type.String()),
    code: Nullable(Type.String()),
    activityName: Nullable(Type.String()),
  }),
);

const routes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(`${BASE}/importTemplate`, { config: { authority: IMPORT }, schema: { querystring: NoParams } }, async (_request, reply) => {
    const day = chinaDay(new Date(app.now())).replace(/-/g, '');
    const name = `${MSG.personImportSheet}导入模板.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="person-import-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(await templateWorkbook());
  });

  app.post(
    `${BASE}/importPreview`,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { authority: IMPORT },
      schema: { body: Type.Object(FileBody, { additionalProperties: false }), response: { 200: envelopeSchema(PreviewSchema) } },
    },
    async (request) => {
      const { activityId, fileName, content } = request.body;
      return ok(await previewImport(await callerOf(app, request), Number(activityId), { fileName, content }));
    },
  );

  app.post(
    `${BASE}/importCommit`,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { authority: IMPORT },
      schema: {
        body: Type.Object({ ...FileBody, status: StringEnum(['pending', 'approved'] as const) }, { additionalProperties: false }),
        response: { 200: envelopeSchema(ResultSchema) },
      },
    },
    async (request) => {
      const { activityId, fileName, content, status } = request.body;
      const imported = await commitImport(await callerOf(app, request), Number(activityId), { fileName, content }, status === 'approved');
      return ok({ imported }, MSG.personImported(imported));
    },
  );

  app.get(
    `${BASE}/badges`,
    {
      config: { authority: BADGE },
      schema: {
        querystring: Type.Object({ ids: Type.String({ pattern: `^[1-9]\\d{0,9}(,[1-9]\\d{0,9}){0,${BADGES_MAX - 1}}$` }) }),
        response: { 200: envelopeSchema(Type.Array(BadgeSchema)) },
      },
    },
    async (request) => {
      const ids = request.query.ids.split(',').map(Number);
      if (ids.some((id) => id > INT_MAX)) throw refuse(MSG.personBadgeNone);
      return ok(await badgesOf(await callerOf(app, request), ids));
    },
  );
};

export default routes;
