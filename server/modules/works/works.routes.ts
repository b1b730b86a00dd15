import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { myWorksPage } from '@domain/works/works.contracts';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/route';
import { signedIn } from '../../plugins/tokenAuth';
import { pageOwnWorks } from './works.repository';

/** The education user's own competition entries (domain/works/works.contracts.ts): nobody lists anyone else's works here. */
const worksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, myWorksPage, async (request) => {
    const { user, organiser } = signedIn(request);
    return ok(await pageOwnWorks(app.db, { organiserId: organiser.id, userId: user.id }, request.query));
  });
};

export default worksRoutes;
