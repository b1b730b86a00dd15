import '../modules/resourceHooks';
import { and, count, eq, isNull } from 'drizzle-orm';
import { noticeCategoryValue } from '@domain/notices/resources';
import { hashPassword } from '../lib/password';
import type { AppDb } from '../db/client';
import { seedBusiness } from './seedBusiness';
import { seedMeeting } from './seedMeeting';
import { seedNotices } from './seedNotices';
import { seedParticipants } from './seedParticipants';
import { seedDates, type SeedDates } from './seedDay';
import * as t from '../db/schema';
import { ACTIVITIES, MENU_TREE, NOTICES, ORGANISER, PROJECTS, ROLE_GRANTS, ROLES, USERS, WORKS, type MenuSeed } from './seedData';


/**
 * Seeds the demo data when the database has no organiser yet. Returns whether it did. Its dates are moved
 * to `today` (default: the day it runs, or SEED_DAY; server/seed/seedDay.ts).
 */
export async function seedIfEmpty(db: AppDb, options: { today?: string } = {}): Promise<boolean> {
  const [{ n }] = await db.select({ n: count() }).from(t.organisers);
  if (n > 0) {
    await db.transaction(async (tx) => {
      await addMissingMenus(tx);
      await addMissingRoles(tx);
    });
    return false;
  }
  // Hash outside the transaction: Argon2id is slow on purpose and need not hold the database.
  const hashes = {
    admin: await hashPassword(USERS.admin.password),
    demo: await hashPassword(USERS.demo.password),
    manager: await hashPassword(USERS.manager.password),
    edu: await hashPassword(USERS.edu.password),
  };
  await db.transaction(async (tx) => {
    await seedDemoData(tx, hashes, seedDates(options.today));
  });
  return true;
}

interface MenuOut {
  menuIds: Map<string, number>;
  actionIds: Map<string, number[]>;
  children: Map<string, string[]>;
}

/** Inserts a menu subtree and returns every code → id it created, plus each menu's action ids. */
async function insertMenus(db: AppDb, items: MenuSeed[], parentId: number | null, out: MenuOut): Promise<void> {
  for (const [index, item] of items.entries()) await insertMenu(db, item, index, parentId, out);
}

async function insertMenu(db: AppDb, item: MenuSeed, index: number, parentId: number | null, out: MenuOut): Promise<void> {
  const [row] = await db
    .insert(t.menus)
    .values({
      parentId,
      menuCode: item.code,
      menuName: item.name,
      path: item.path,
      scheme: '/',
      icon: item.icon ?? null,
      target: null,
      sort: (index + 1) * 10,
      hidden: item.hidden ?? false,
    })
    .returning({ id: t.menus.id });
  out.menuIds.set(item.code, row.id);
  out.children.set(item.code, (item.children ?? []).map((c) => c.code));
  const actionRows = item.actions?.length
    ? await db
        .insert(t.actions)
        .values(item.actions.map(([suffix, name]) => ({ actionCode: `${item.code}_${suffix}`, name, menuId: row.id })))
        .returning({ id: t.actions.id })
    : [];
  out.actionIds.set(item.code, actionRows.map((a) => a.id));
  if (item.children) await insertMenus(db, item.children, row.id, out);
}

/**
 * The seed runs once, on an empty database, but databases of earlier versions already exist: menus added
 * to MENU_TREE since then (e.g. 系统管理 → 短信记录) are inserted here on every start, with their actions,
 * and granted to the seeded roles whose grants cover them. Menus already present are left as they are,
 * so an admin's own changes survive.
 */
async function addMissingMenus(db: AppDb): Promise<void> {
  const existing = new Map((await db.select({ id: t.menus.id, code: t.menus.menuCode }).from(t.menus)).map((m) => [m.code, m.id]));
  const knownActions = new Set((await db.select({ code: t.actions.actionCode }).from(t.actions)).map((a) => a.code));
  const out: MenuOut = { menuIds: new Map(), actionIds: new Map(), children: new Map() };
  const added: Array<{ code: string; ancestors: string[] }> = [];
  /** Actions a definition gained on a menu that already exists (e.g. 导出 of 团队), with the menu's ancestors. */
  const addedActions: Array<{ actionId: number; ancestors: string[] }> = [];
  const walk = async (items: MenuSeed[], parentId: number | null, ancestors: string[]): Promise<void> => {
    for (const [index, item] of items.entries()) {
      const known = existing.get(item.code);
      if (known === undefined) {
        const before = new Set(out.menuIds.keys());
        await insertMenu(db, item, index, parentId, out);
        for (const code of out.menuIds.keys()) if (!before.has(code)) added.push({ code, ancestors: [...ancestors, item.code] });
        continue;
      }
      const missing = (item.actions ?? []).filter(([suffix]) => !knownActions.has(`${item.code}_${suffix}`));
      if (missing.length) {
        const rows = await db
          .insert(t.actions)
          .values(missing.map(([suffix, name]) => ({ actionCode: `${item.code}_${suffix}`, name, menuId: known })))
          .returning({ id: t.actions.id });
        for (const row of rows) addedActions.push({ actionId: row.id, ancestors: [...ancestors, item.code] });
      }
      if (item.children) await walk(item.children, known, [...ancestors, item.code]);
    }
  };
  await walk(MENU_TREE, null, []);
  if (!added.length && !addedActions.length) return;

  for (const [key, grants] of Object.entries(ROLE_GRANTS)) {
    const [role] = await db.select({ id: t.roles.id }).from(t.roles).where(and(eq(t.roles.code, ROLES[key as keyof typeof ROLE_GRANTS].code), isNull(t.roles.organiserId)));
    if (!role) continue;
    const covers = (codes: string[]) => codes.some((c) => grants.includes(c));
    const covered = added.filter(({ code, ancestors }) => covers([code, ...ancestors]));
    if (covered.length) await db.insert(t.roleMenus).values(covered.map(({ code }) => ({ roleId: role.id, menuId: out.menuIds.get(code)! }))).onConflictDoNothing();
    const actionIds = [...covered.flatMap(({ code }) => out.actionIds.get(code) ?? []), ...addedActions.filter((a) => covers(a.ancestors)).map((a) => a.actionId)];
    if (actionIds.length) await db.insert(t.roleActions).values(actionIds.map((actionId) => ({ roleId: role.id, actionId }))).onConflictDoNothing();
  }
}

/**
 * Shared roles added to ROLES since a database was seeded (e.g. 主办方管理员) are created on start, with the
 * grants of ROLE_GRANTS resolved against the menus as they are now. A role already there is left alone.
 */
async function addMissingRoles(db: AppDb): Promise<void> {
  const present = new Set((await db.select({ code: t.roles.code }).from(t.roles).where(isNull(t.roles.organiserId))).map((r) => r.code));
  const missing = (Object.keys(ROLE_GRANTS) as Array<keyof typeof ROLE_GRANTS>).filter((key) => !present.has(ROLES[key].code));
  if (!missing.length) return;
  const menus = await db.select({ id: t.menus.id, code: t.menus.menuCode, parentId: t.menus.parentId }).from(t.menus);
  const actions = await db.select({ id: t.actions.id, menuId: t.actions.menuId }).from(t.actions);
  const byId = new Map(menus.map((m) => [m.id, m]));
  for (const key of missing) {
    const grants = new Set(ROLE_GRANTS[key]);
    // A menu is granted when it or one of its ancestors is named in the grants.
    const covered = (id: number | null): boolean => {
      const menu = id === null ? undefined : byId.get(id);
      return menu !== undefined && (grants.has(menu.code) || covered(menu.parentId));
    };
    const menuIds = menus.filter((m) => covered(m.id)).map((m) => m.id);
    const [role] = await db.insert(t.roles).values(ROLES[key]).returning({ id: t.roles.id });
    if (menuIds.length) await db.insert(t.roleMenus).values(menuIds.map((menuId) => ({ roleId: role.id, menuId })));
    const actionIds = actions.filter((a) => menuIds.includes(a.menuId)).map((a) => a.id);
    if (actionIds.length) await db.insert(t.roleActions).values(actionIds.map((actionId) => ({ roleId: role.id, actionId })));
  }
}

async function seedDemoData(db: AppDb, hashes: Record<keyof typeof USERS, string>, dates: SeedDates): Promise<void> {
  const [organiser] = await db.insert(t.organisers).values(ORGANISER).returning({ id: t.organisers.id });
  const organiserId = organiser.id;

  const menuOut = { menuIds: new Map<string, number>(), actionIds: new Map<string, number[]>(), children: new Map<string, string[]>() };
  await insertMenus(db, MENU_TREE, null, menuOut);

  const [adminRole] = await db.insert(t.roles).values(ROLES.admin).returning({ id: t.roles.id });
  const [staffRole] = await db.insert(t.roles).values(ROLES.staff).returning({ id: t.roles.id });
  const [contestantRole] = await db.insert(t.roles).values(ROLES.contestant).returning({ id: t.roles.id });
  const [organiserAdminRole] = await db.insert(t.roles).values(ROLES.organiserAdmin).returning({ id: t.roles.id });

  // A grant of a group covers its whole subtree, menus and actions alike.
  const subtree = (code: string): string[] => [code, ...(menuOut.children.get(code) ?? []).flatMap(subtree)];
  for (const [roleId, grants] of [
    [staffRole.id, ROLE_GRANTS.staff],
    [contestantRole.id, ROLE_GRANTS.contestant],
    [organiserAdminRole.id, ROLE_GRANTS.organiserAdmin],
  ] as const) {
    const codes = grants.flatMap(subtree);
    await db.insert(t.roleMenus).values(codes.map((code) => ({ roleId, menuId: menuOut.menuIds.get(code)! })));
    const actionIds = codes.flatMap((code) => menuOut.actionIds.get(code) ?? []);
    if (actionIds.length) await db.insert(t.roleActions).values(actionIds.map((actionId) => ({ roleId, actionId })));
  }

  const userIds = {} as Record<keyof typeof USERS, number>;
  for (const key of ['admin', 'demo', 'edu', 'manager'] as const) {
    const { password: _password, ...profile } = USERS[key];
    const [row] = await db
      .insert(t.users)
      .values({ ...profile, passwordHash: hashes[key], organiserId })
      .returning({ id: t.users.id });
    userIds[key] = row.id;
  }
  await db.insert(t.userRoles).values([
    { userId: userIds.admin, roleId: adminRole.id },
    { userId: userIds.demo, roleId: staffRole.id },
    { userId: userIds.edu, roleId: contestantRole.id },
    { userId: userIds.manager, roleId: organiserAdminRole.id },
  ]);

  const projectIds = new Map<string, number>();
  const venues = new Map<string, string>();
  for (const [index, p] of PROJECTS.entries()) {
    const createdAt = dates.at(`2026-01-${String(5 + index).padStart(2, '0')} 09:30:00`);
    const [row] = await db
      .insert(t.projects)
      .values({ ...p, srq: dates.day(p.srq), erq: dates.day(p.erq), organiserId, logo: null, createdBy: userIds.admin, updatedBy: userIds.admin, createdAt, updatedAt: createdAt })
      .returning({ id: t.projects.id });
    projectIds.set(p.code, row.id);
    venues.set(p.code, p.address);
  }
  await db
    .insert(t.userProjects)
    .values([...projectIds.values()].flatMap((projectId) => [userIds.demo, userIds.manager].map((userId) => ({ userId, projectId }))));

  await db.insert(t.activities).values(
    ACTIVITIES.map(([projectCode, name, srq, erq, address, status], index) => {
      // Spread creation times over the year so sorting by createdAt is meaningful and deterministic.
      const createdAt = new Date(dates.at('2026-02-01 10:00:00').getTime() + index * 26 * 3600 * 1000);
      return {
        organiserId,
        projectId: projectIds.get(projectCode)!,
        name,
        srq: dates.day(srq),
        erq: dates.day(erq),
        address: address ?? venues.get(projectCode)!,
        logo: null,
        openTime: '09:00',
        closeTime: '17:30',
        status,
        createdBy: userIds.demo,
        updatedBy: userIds.demo,
        createdAt,
        updatedAt: createdAt,
      };
    }),
  );

  await db.insert(t.competitionWorks).values(
    WORKS.map(([title, teamName, school, category, reportNo, status, submittedAt]) => ({
      organiserId,
      userId: userIds.edu,
      title,
      teamName,
      school,
      category,
      reportNo,
      status,
      // The competition's works keep their written dates: its calendar is not the exhibitions'.
      submittedAt: submittedAt ? new Date(`${submittedAt.replace(' ', 'T')}+08:00`) : null,
    })),
  );

  await seedBusiness(db, { organiserId, userId: userIds.demo, projectIds });
  await seedParticipants(db, { organiserId, userId: userIds.demo, projectIds }, dates);
  await seedMeeting(db, { organiserId, userId: userIds.demo, projectIds }, dates);

  for (const [index, [addressee, title, content, type, readBy, audience, category]] of NOTICES.entries()) {
    const createdAt = dates.at(`2026-11-${String(10 + index * 2).padStart(2, '0')} 09:00:00`);
    const [notice] = await db
      .insert(t.notices)
      .values({
        organiserId,
        userId: addressee ? userIds[addressee] : null,
        audience,
        // The competition's calendar keeps its written days, as its works do.
        title: audience === 'competition' ? title : dates.prose(title),
        content: audience === 'competition' ? content : dates.prose(content),
        type,
        category: noticeCategoryValue(category),
        createdAt,
      })
      .returning({ id: t.notices.id });
    if (readBy.length) {
      await db
        .insert(t.noticeReads)
        .values(readBy.map((who) => ({ noticeId: notice.id, userId: userIds[who], readAt: new Date(createdAt.getTime() + 3600 * 1000) })));
    }
  }
  await seedNotices(db, { organiserId, userId: userIds.demo, readerId: userIds.demo }, dates);
}
