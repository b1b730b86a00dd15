import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicOrigin } from '../lib/origin';
import { signedIn } from '../plugins/tokenAuth';
import { cachedScope, narrowToCurrent } from './projectScope';
import type { Caller } from './resources/model';

/** Who is calling and which rows they may see: organiser, authorised and current projects, current activities. */
export async function callerOf(app: FastifyInstance, request: FastifyRequest): Promise<Caller> {
  const { user, organiser, authorities } = signedIn(request);
  const scope = await cachedScope(app.db, user.id, organiser.id, app.now());
  // Copies: the scope is shared by every request within AUTH_CACHE_S, and a hook may extend its caller's.
  const authorised = scope.authorisedProjects && [...scope.authorisedProjects];
  const current = [...scope.currentProjects];
  const activities = [...scope.currentActivities];
  return {
    db: app.db,
    user,
    organiser,
    authorities,
    authorisedProjects: authorised,
    projectScope: narrowToCurrent(authorised, current),
    activityScope: activities.length ? activities : null,
    now: new Date(app.now()),
    address: request.ip,
    origin: publicOrigin(app, request),
  };
}
