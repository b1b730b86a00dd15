import type { FastifyInstance, FastifyRequest } from 'fastify';
import { signedIn } from '../../plugins/tokenAuth';
import { authorisedProjectIds, currentActivityIds, currentProjectIds, narrowToCurrent } from '../../services/projectScope';
import type { Caller } from '../../services/resources/model';

/** Who is calling and which rows they may see: organiser, authorised and current projects, current activities. */
export async function callerOf(app: FastifyInstance, request: FastifyRequest): Promise<Caller> {
  const { user, organiser, authorities } = signedIn(request);
  const [authorised, current, activities] = await Promise.all([
    authorisedProjectIds(app.db, user.id, organiser.id),
    currentProjectIds(app.db, user.id, organiser.id),
    currentActivityIds(app.db, user.id, organiser.id),
  ]);
  return {
    db: app.db,
    user,
    organiser,
    authorities,
    authorisedProjects: authorised,
    projectScope: narrowToCurrent(authorised, current),
    activityScope: activities.length ? activities : null,
    now: new Date(app.now()),
  };
}
