import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  authorisedActivities,
  authorisedProjects,
  myActivityPage,
  myProjectPage,
  switchActivities,
  switchProjects,
  type AuthorisedActivity,
  type AuthorisedProject,
} from '@domain/workspace/workspace.contracts';
import { switchActivityRule, switchProjectRule } from '@domain/core/validators';
import { ok } from '../../lib/envelope';
import { refuse } from '../../lib/errors';
import { route } from '../../lib/route';
import { MSG } from '../../messages';
import { signedIn } from '../../plugins/tokenAuth';
import {
  authorisedActivityIds,
  authorisedAmong,
  authorisedProjectIds,
  currentActivityIds,
  currentProjectIds,
  selectableActivitiesAmong,
  workingProjectIds,
} from '../../services/projectScope';
import { checkFields, ownOnly, parseIdList } from '../../services/requestChecks';
import { invalidateUser } from '../../services/sessionCache';
import { chinaDay } from '../../lib/dates';
import { activitiesOfScope, lockUser, pageMyActivities, pageMyProjects, projectsOfScope, setCurrentActivities, setCurrentProjects } from './workspace.repository';

/**
 * The user's workspace (domain/workspace/workspace.contracts.ts). Everything is scoped to the caller's
 * organiser and to the projects authorised to them; the super role sees every project of its organiser.
 */
const workspaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, authorisedProjects, async (request) => {
    const { user, organiser } = signedIn(request);
    ownOnly(user.id, request.query.userId);
    const [scope, current] = await Promise.all([authorisedProjectIds(app.db, user.id, organiser.id), currentProjectIds(app.db, user.id, organiser.id)]);
    if (scope !== null && scope.length === 0) return ok<AuthorisedProject[]>([]);
    const selected = new Set(current);
    const rows = await projectsOfScope(app.db, { organiserId: organiser.id, projects: scope });
    return ok(rows.map((p): AuthorisedProject => ({ cnfid: p.id, cnfmc: p.name, selected: selected.has(p.id) })));
  });

  route(app, authorisedActivities, async (request) => {
    const { user, organiser } = signedIn(request);
    ownOnly(user.id, request.query.userId);
    // What may be switched to: activities of the projects being worked on (see selectableActivitiesAmong).
    const [scope, current, authorised] = await Promise.all([
      workingProjectIds(app.db, user.id, organiser.id),
      currentActivityIds(app.db, user.id, organiser.id),
      authorisedActivityIds(app.db, user.id, organiser.id),
    ]);
    if (scope !== null && scope.length === 0) return ok<AuthorisedActivity[]>([]);
    const selected = new Set(current);
    // A user given some activities (授权项目/活动) sees and switches to those only.
    const rows = await activitiesOfScope(app.db, { organiserId: organiser.id, projects: scope, activities: authorised });
    return ok(rows.map((a): AuthorisedActivity => ({ cnfId: a.id, cnfMc: a.name, projectName: a.projectName, selected: selected.has(a.id) })));
  });

  route(app, myProjectPage, async (request) => {
    const { user, organiser } = signedIn(request);
    ownOnly(user.id, request.query.userId);
    const scope = await authorisedProjectIds(app.db, user.id, organiser.id);
    if (scope !== null && scope.length === 0) return ok({ total: 0, records: [] });
    return ok(await pageMyProjects(app.db, { organiserId: organiser.id, projects: scope, today: chinaDay(new Date(app.now())) }, request.query, () => currentProjectIds(app.db, user.id, organiser.id)));
  });

  route(app, myActivityPage, async (request) => {
    const { user, organiser } = signedIn(request);
    ownOnly(user.id, request.query.userId);
    const [scope, authorised] = await Promise.all([authorisedProjectIds(app.db, user.id, organiser.id), authorisedActivityIds(app.db, user.id, organiser.id)]);
    if (scope !== null && scope.length === 0) return ok({ total: 0, records: [] });
    return ok(
      await pageMyActivities(app.db, { organiserId: organiser.id, projects: scope, activities: authorised, today: chinaDay(new Date(app.now())) }, request.query, () =>
        currentActivityIds(app.db, user.id, organiser.id),
      ),
    );
  });

  route(app, switchProjects, async (request) => {
    const { user, organiser } = signedIn(request);
    ownOnly(user.id, request.body.userId);
    const ids = parseIdList(request.body.cnfids);
    checkFields({ cnfids: switchProjectRule }, { cnfids: ids ?? [''] });
    if (ids === null) throw refuse(MSG.projectNotAuthorised);
    await app.db.transaction(async (tx) => {
      await lockUser(tx, user.id);
      const allowed = await authorisedAmong(tx, user.id, organiser.id, ids);
      if (allowed.length !== ids.length) throw refuse(MSG.projectNotAuthorised);
      await setCurrentProjects(tx, user.id, ids);
    });
    invalidateUser(app.db, user.id);
    request.log.info({ userId: user.id, projects: ids }, 'current projects switched');
    return ok(null, MSG.executed);
  });

  route(app, switchActivities, async (request) => {
    const { user, organiser } = signedIn(request);
    ownOnly(user.id, request.body.userId);
    const ids = parseIdList(request.body.cnfids);
    checkFields({ cnfids: switchActivityRule }, { cnfids: ids ?? [''] });
    if (ids === null) throw refuse(MSG.activityNotAuthorised);
    await app.db.transaction(async (tx) => {
      await lockUser(tx, user.id);
      const allowed = await selectableActivitiesAmong(tx, user.id, organiser.id, ids);
      if (allowed.length !== ids.length) throw refuse(MSG.activityNotAuthorised);
      await setCurrentActivities(tx, user.id, ids);
    });
    invalidateUser(app.db, user.id);
    request.log.info({ userId: user.id, activities: ids }, 'current activities switched');
    return ok(null, MSG.executed);
  });
};

export default workspaceRoutes;
