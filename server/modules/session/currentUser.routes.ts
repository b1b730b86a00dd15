import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentMenus, currentUser, type MenuNode, type UserInfo } from '@domain/session/session.contracts';
import { ok } from '../../lib/envelope';
import { route } from '../../lib/route';
import { signedIn } from '../../plugins/tokenAuth';
import { loadGrantedMenus, type MenuRow } from '../../services/grants';
import { currentProjectIds } from '../../services/projectScope';

/** 'user' first, then the rest in a stable order, so clients and tests see the same list every time. */
function sortAuthorities(authorities: ReadonlySet<string>): string[] {
  return [...authorities].sort((a, b) => (a === 'user' ? -1 : b === 'user' ? 1 : a < b ? -1 : a > b ? 1 : 0));
}

/** Builds the nested tree; rows arrive sorted by (sort, id), so children keep that order. */
export function buildMenuTree(rows: MenuRow[]): MenuNode[] {
  const byParent = new Map<number, MenuRow[]>();
  const present = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const parent = row.parentId !== null && present.has(row.parentId) ? row.parentId : 0;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const build = (parentId: number, level: number): MenuNode[] =>
    (byParent.get(parentId) ?? []).map((row) => {
      const children = build(row.id, level + 1);
      return {
        menuId: row.id,
        parentId: row.parentId ?? 0,
        menuCode: row.menuCode,
        menuName: row.menuName,
        path: row.path,
        scheme: row.scheme,
        icon: row.icon,
        target: row.target,
        level,
        hidden: row.hidden,
        ...(children.length ? { children } : {}),
      };
    });
  return build(0, 1);
}

/** The signed-in user and their menu tree (domain/session/session.contracts.ts). */
const currentUserRoutes: FastifyPluginAsyncTypebox = async (app) => {
  route(app, currentUser, async (request) => {
    const { user, organiser, authorities } = signedIn(request);
    const info: UserInfo = {
      userId: user.id,
      username: user.username,
      nickName: user.nickName,
      zw: user.zw,
      mail: user.mail,
      cgmc: organiser.name,
      zblogo: organiser.logo,
      avatar: user.avatar,
      tips: user.tips,
      khlx: user.khlx,
      dxzh: user.dxzh,
      lxdh: user.lxdh,
      cnfIds: await currentProjectIds(app.db, user.id, organiser.id),
      authorities: sortAuthorities(authorities).map((authority) => ({ authority })),
      ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
    };
    return ok(info);
  });

  route(app, currentMenus, async (request) => {
    const { user } = signedIn(request);
    return ok(buildMenuTree(await loadGrantedMenus(app.db, user.id)));
  });
};

export default currentUserRoutes;
