import type { FastifyPluginAsync } from 'fastify';
import authorityGuard from '../plugins/authorityGuard';
import signature from '../plugins/signature';
import tokenAuth from '../plugins/tokenAuth';
import currentUserRoutes from './currentUser';
import noticeRoutes from './notices';
import profileRoutes from './profile';
import resourceRoutes from './resources';
import sessionRoutes from './session';
import worksRoutes from './works';
import workspaceRoutes from './workspace';
import accountRoutes from './accountRoutes';
import shareRoutes from './shareRoutes';
import eduPublicRoutes from './eduPublic';

/**
 * Everything under /admin: the hooks run in this order for each call (all at preValidation, so the
 * caller is known before a malformed query is reported): signature → blank filters → token → authority.
 */
const adminApi: FastifyPluginAsync = async (api) => {
  await api.register(signature);

  api.addHook('preValidation', async (request) => {
    // A POST sent with no body at all (no content type) is an empty form: calls such as the notice
    // bell's getCountList have an empty payload.
    if (request.method === 'POST' && request.body === undefined) request.body = {};
    // The generic table sends untouched filter fields as empty strings; they mean "no filter". Dropped
    // after the signature check, which must see exactly what was signed.
    const query = request.query;
    if (request.method !== 'GET' || typeof query !== 'object' || query === null) return;
    const fields = query as Record<string, unknown>;
    for (const [name, value] of Object.entries(fields)) if (value === '') delete fields[name];
  });

  await api.register(tokenAuth);
  await api.register(authorityGuard);

  await api.register(sessionRoutes);
  await api.register(currentUserRoutes);
  await api.register(worksRoutes);
  await api.register(resourceRoutes);
  await api.register(profileRoutes);
  await api.register(workspaceRoutes);
  await api.register(noticeRoutes);
  await api.register(accountRoutes);
  await api.register(shareRoutes);
  await api.register(eduPublicRoutes);
};

export default adminApi;
