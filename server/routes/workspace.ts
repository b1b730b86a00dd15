import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, count, eq, ilike, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { AuthorisedActivity, AuthorisedProject, MyActivityRow, MyProjectRow } from '@domain/wire';
import type { PageResult } from '@domain/core/envelope';
import { switchActivityRule, switchProjectRule } from '@domain/core/validators';
import { activities, projects, userCurrentActivities, userCurrentProjects, users } from '../db/schema';
import { envelopeSchema, messageOnly, ok, pageSchema } from '../lib/envelope';
import { refuse } from '../lib/errors';
import { offsetOf, orderBy, pageQuery } from '../lib/paging';
import { Id } from '../lib/schemas';
import { AuthorisedActivitySchema, AuthorisedProjectSchema, MyActivityRowSchema, MyProjectRowSchema } from '../lib/wireSchemas';
import { MSG } from '../messages';
import { signedIn } from '../plugins/tokenAuth';
import {
  authorisedAmong,
  authorisedProjectIds,
  currentActivityIds,
  currentProjectIds,
  projectsInScope,
  selectableActivitiesAmong,
  authorisedActivityIds,
  workingProjectIds,
} from '../services/projectScope';
import { checkFields, ownOnly, parseIdList } from '../services/requestChecks';
import { invalidateUser } from '../services/sessionCache';
import { escapeLike } from '../services/sql';

/** The public registration form a row's QR code leads to (the SPA's /pre/register; server/routes/meeting/preRegistration.ts). */
export const projectQrCode = (id: number) => `/zbzj/pre/register?project=${id}`;
export const activityQrCode = (id: number) => `/zbzj/pre/register?activity=${id}`;

/** The caller's own id, optional: see ownOnly. */
const userId = Type.Optional(Id);
const userQuery = Type.Object({ userId });

const PROJECT_SORTABLE = ['srq', 'erq', 'startDate', 'endDate', 'cnfmc', 'cnfName', 'createdAt'] as const;
const ACTIVITY_SORTABLE = ['srq', 'erq', 'cnfMc', 'projectName', 'createdAt'] as const;

const switchSchema = {
  body: Type.Object({ userId: Id, cnfids: Type.Optional(Type.String({ maxLength: 4000 })) }),
  response: { 200: messageOnly },
};

const contains = (text: string) => `%${escapeLike(text.trim())}%`;

/**
 * The user's workspace: which projects and activities are authorised to them (我的项目, 我的活动), and
 * which of those they are currently working on (切换项目, 切换活动). Everything is scoped to the caller's
 * organiser and to the projects authorised to them; the super role sees every project of its organiser.
 */
const workspaceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/cnfInfo/getZbzjsqCnflist',
    {
      config: { authority: 'user' },
      schema: { querystring: userQuery, response: { 200: envelopeSchema(Type.Array(AuthorisedProjectSchema)) } },
    },
    async (request) => {
      const { user, organiser } = signedIn(request);
      ownOnly(user.id, request.query.userId);
      const [scope, current] = await Promise.all([
        authorisedProjectIds(app.db, user.id, organiser.id),
        currentProjectIds(app.db, user.id, organiser.id),
      ]);
      if (scope !== null && scope.length === 0) return ok<AuthorisedProject[]>([]);
      const selected = new Set(current);
      const rows = await app.db
        .select({ id: projects.id, name: projects.name })
        .from(projects)
        .where(projectsInScope(organiser.id, scope))
        .orderBy(projects.srq, projects.id);
      return ok(rows.map((p): AuthorisedProject => ({ cnfid: p.id, cnfmc: p.name, selected: selected.has(p.id) })));
    },
  );

  app.get(
    '/cnfInfo/getZbzjsqActivitylist',
    {
      config: { authority: 'user' },
      schema: { querystring: userQuery, response: { 200: envelopeSchema(Type.Array(AuthorisedActivitySchema)) } },
    },
    async (request) => {
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
      const where: SQL[] = [eq(activities.organiserId, organiser.id)];
      if (scope !== null) where.push(inArray(activities.projectId, scope));
      // A user given some activities (授权项目/活动) sees and switches to those only.
      if (authorised !== null) where.push(inArray(activities.id, authorised));
      const rows = await app.db
        .select({ id: activities.id, name: activities.name, projectName: projects.name })
        .from(activities)
        .innerJoin(projects, eq(projects.id, activities.projectId))
        .where(and(...where))
        .orderBy(projects.srq, projects.id, activities.srq, activities.id);
      return ok(
        rows.map((a): AuthorisedActivity => ({ cnfId: a.id, cnfMc: a.name, projectName: a.projectName, selected: selected.has(a.id) })),
      );
    },
  );

  app.get(
    '/cnfInfo/getMyAllCnf',
    {
      config: { authority: 'user' },
      schema: {
        querystring: pageQuery(PROJECT_SORTABLE, { cnfName: Type.Optional(Type.String({ maxLength: 100 })), userId }),
        response: { 200: envelopeSchema(pageSchema(MyProjectRowSchema)) },
      },
    },
    async (request) => {
      const { user, organiser } = signedIn(request);
      const query = request.query;
      ownOnly(user.id, query.userId);
      const empty: PageResult<MyProjectRow> = { total: 0, records: [] };
      const scope = await authorisedProjectIds(app.db, user.id, organiser.id);
      if (scope !== null && scope.length === 0) return ok(empty);

      const where: SQL[] = [projectsInScope(organiser.id, scope)];
      if (query.cnfName) where.push(ilike(projects.name, contains(query.cnfName)));
      const condition = and(...where);
      const [{ total }] = await app.db.select({ total: count() }).from(projects).where(condition);
      if (total === 0) return ok(empty);
      const [rows, current] = await Promise.all([
        app.db
          .select({
            id: projects.id,
            name: projects.name,
            code: projects.code,
            logo: projects.logo,
            srq: projects.srq,
            erq: projects.erq,
            address: projects.address,
          })
          .from(projects)
          .where(condition)
          .orderBy(
            ...orderBy(
              query,
              {
                srq: projects.srq,
                erq: projects.erq,
                startDate: projects.srq,
                endDate: projects.erq,
                cnfmc: projects.name,
                cnfName: projects.name,
                createdAt: projects.createdAt,
              },
              { sort: 'srq', order: 'desc' },
              projects.id,
            ),
          )
          .limit(query.limit)
          .offset(offsetOf(query)),
        currentProjectIds(app.db, user.id, organiser.id),
      ]);
      const selected = new Set(current);
      const records = rows.map(
        (p): MyProjectRow => ({
          cnfid: p.id,
          cnfmc: p.name,
          cnfName: p.name,
          logo: p.logo,
          srq: p.srq ?? '',
          erq: p.erq ?? '',
          startDate: p.srq ?? '',
          endDate: p.erq ?? '',
          address: p.address,
          qrCode: projectQrCode(p.id),
          selected: selected.has(p.id),
        }),
      );
      return ok({ total, records });
    },
  );

  app.get(
    '/yhsActivityProject/getMyAllActivity',
    {
      config: { authority: 'user' },
      schema: {
        querystring: pageQuery(ACTIVITY_SORTABLE, { cnfName: Type.Optional(Type.String({ maxLength: 100 })), userId }),
        response: { 200: envelopeSchema(pageSchema(MyActivityRowSchema)) },
      },
    },
    async (request) => {
      const { user, organiser } = signedIn(request);
      const query = request.query;
      ownOnly(user.id, query.userId);
      const empty: PageResult<MyActivityRow> = { total: 0, records: [] };
      const [scope, authorised] = await Promise.all([
        authorisedProjectIds(app.db, user.id, organiser.id),
        authorisedActivityIds(app.db, user.id, organiser.id),
      ]);
      if (scope !== null && scope.length === 0) return ok(empty);

      const where: SQL[] = [eq(activities.organiserId, organiser.id)];
      if (scope !== null) where.push(inArray(activities.projectId, scope));
      if (authorised !== null) where.push(inArray(activities.id, authorised));
      if (query.cnfName) where.push(ilike(activities.name, contains(query.cnfName)));
      const condition = and(...where);
      const [{ total }] = await app.db.select({ total: count() }).from(activities).where(condition);
      if (total === 0) return ok(empty);
      const [rows, current] = await Promise.all([
        app.db
          .select({
            id: activities.id,
            name: activities.name,
            logo: activities.logo,
            srq: activities.srq,
            erq: activities.erq,
            address: activities.address,
            projectName: projects.name,
          })
          .from(activities)
          .innerJoin(projects, eq(projects.id, activities.projectId))
          .where(condition)
          .orderBy(
            ...orderBy(
              query,
              {
                srq: activities.srq,
                erq: activities.erq,
                cnfMc: activities.name,
                projectName: projects.name,
                createdAt: activities.createdAt,
              },
              { sort: 'srq', order: 'desc' },
              activities.id,
            ),
          )
          .limit(query.limit)
          .offset(offsetOf(query)),
        currentActivityIds(app.db, user.id, organiser.id),
      ]);
      const selected = new Set(current);
      const records = rows.map(
        (a): MyActivityRow => ({
          cnfId: a.id,
          cnfMc: a.name,
          logo: a.logo,
          srq: a.srq,
          erq: a.erq,
          address: a.address,
          projectName: a.projectName,
          qrCode: activityQrCode(a.id),
          selected: selected.has(a.id),
        }),
      );
      return ok({ total, records });
    },
  );

  app.post(
    '/chance/updateUserChangeCnfInfo',
    { config: { authority: 'user' }, schema: switchSchema },
    async (request) => {
      const { user, organiser } = signedIn(request);
      ownOnly(user.id, request.body.userId);
      const ids = parseIdList(request.body.cnfids);
      checkFields({ cnfids: switchProjectRule }, { cnfids: ids ?? [''] });
      if (ids === null) throw refuse(MSG.projectNotAuthorised);
      await app.db.transaction(async (tx) => {
        // One switch per user at a time: the user row is the lock, so two tabs cannot interleave.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const allowed = await authorisedAmong(tx, user.id, organiser.id, ids);
        if (allowed.length !== ids.length) throw refuse(MSG.projectNotAuthorised);
        await tx.delete(userCurrentProjects).where(eq(userCurrentProjects.userId, user.id));
        await tx.insert(userCurrentProjects).values(ids.map((projectId) => ({ userId: user.id, projectId })));
        // A chosen activity of a project no longer chosen would narrow every list to nothing.
        await tx
          .delete(userCurrentActivities)
          .where(
            and(
              eq(userCurrentActivities.userId, user.id),
              notInArray(
                userCurrentActivities.activityId,
                tx.select({ id: activities.id }).from(activities).where(inArray(activities.projectId, ids)),
              ),
            ),
          );
      });
      invalidateUser(app.db, user.id);
      request.log.info({ userId: user.id, projects: ids }, 'current projects switched');
      return ok(null, MSG.executed);
    },
  );

  app.post(
    '/chance/updateUserChangeActivityInfo',
    { config: { authority: 'user' }, schema: switchSchema },
    async (request) => {
      const { user, organiser } = signedIn(request);
      ownOnly(user.id, request.body.userId);
      const ids = parseIdList(request.body.cnfids);
      checkFields({ cnfids: switchActivityRule }, { cnfids: ids ?? [''] });
      if (ids === null) throw refuse(MSG.activityNotAuthorised);
      await app.db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const allowed = await selectableActivitiesAmong(tx, user.id, organiser.id, ids);
        if (allowed.length !== ids.length) throw refuse(MSG.activityNotAuthorised);
        await tx.delete(userCurrentActivities).where(eq(userCurrentActivities.userId, user.id));
        await tx.insert(userCurrentActivities).values(ids.map((activityId) => ({ userId: user.id, activityId })));
      });
      invalidateUser(app.db, user.id);
      request.log.info({ userId: user.id, activities: ids }, 'current activities switched');
      return ok(null, MSG.executed);
    },
  );
};

export default workspaceRoutes;
