import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { personImportCommit, personImportPreview, personImportRefused, personImportTemplate } from '@domain/meeting/personImport.contracts';
import { chinaDay } from '../../lib/dates';
import { ok } from '../../lib/envelope';
import { takeFormBytes } from '../../lib/formBody';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { callerOf } from '../../services/caller';
import { commitImport, previewImport, refusedWorkbook, type ImportUpload } from './personImport.service';
import { templateWorkbook } from './personWorkbook.service';

/** The upload with the bytes of its file's text, when the form parser kept them (handed over: read in the sheet thread). */
function withBytes<U extends ImportUpload>(request: FastifyRequest, upload: U): U {
  const contentBytes = takeFormBytes(request, upload.content);
  return contentBytes ? { ...upload, contentBytes } : upload;
}

/** 参会人员 import (domain/meeting/personImport.contracts.ts); the SQL is in server/modules/meeting/personImport.service.ts. */
const personImportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, personImportTemplate, async (_request, reply) => {
    const day = chinaDay(new Date(app.now())).replace(/-/g, '');
    const name = `${MSG.personImportSheet}导入模板.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="person-import-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(await templateWorkbook());
  });

  route(app, personImportPreview, async (request) => {
    const { activityId, ...upload } = request.body;
    return ok(await previewImport(await callerOf(app, request), Number(activityId), withBytes(request, upload)));
  });

  route(app, personImportCommit, async (request) => {
    const { activityId, status, ...upload } = request.body;
    const result = await commitImport(await callerOf(app, request), Number(activityId), withBytes(request, upload), status === 'approved');
    return ok(result, MSG.personImportDone(result));
  });

  route(app, personImportRefused, async (request, reply) => {
    const { activityId, ...upload } = request.body;
    const day = chinaDay(new Date(app.now())).replace(/-/g, '');
    const name = `${MSG.personImportRefusedSheet}-${day}.xlsx`;
    const buffer = await refusedWorkbook(await callerOf(app, request), Number(activityId), withBytes(request, upload));
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="person-refused-${day}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`)
      .send(buffer);
  });
};

export default personImportRoutes;
