import { describe, expect, it, vi } from 'vitest';
import { firstMenuPagePath, menuRoutePaths, menusToRoutes } from '../../src/lib/menusToRoutes';
import { menuRouteId, toRouteObjects } from '../../src/router/menuRouteObjects';
import { buildPageRegistry, pagePathOf } from '../../src/router/pageRegistry';
import type { PageImporter } from '../../src/lib/routeTypes';
import { ORGANISER_MENUS } from '../mocks/fixtures';

const activityPage: PageImporter = () => Promise.resolve({ default: () => null });
const projectPage: PageImporter = () => Promise.resolve({ default: () => null });
const pages: Record<string, PageImporter> = {
  '/yx/sysActivity/index': activityPage,
  '/cnf/project/index': projectPage,
};
const resolvePage = (path: string) => pages[path];

describe('menusToRoutes', () => {
  const routes = menusToRoutes(ORGANISER_MENUS, resolvePage);

  it("turns a scheme '/' leaf into a page route found by its path, with the route fields of src/lib/routeTypes.ts", () => {
    const activity = routes[0].children![0];
    expect(activity).toMatchObject({
      path: '/yx/sysActivity/index',
      name: 'yx_sysActivity',
      meta: { title: '活动列表', icon: 'UnorderedListOutlined', target: null },
      hidden: false,
      hideChildrenInMenu: false,
      kind: 'page',
    });
    expect(activity.page).toBe(activityPage);
  });

  it('makes a node with children a parent that redirects to its first child', () => {
    expect(routes[0]).toMatchObject({ kind: 'parent', path: '/yx', redirect: '/yx/sysActivity/index' });
    expect(routes[1]).toMatchObject({ kind: 'parent', path: '/cnf', redirect: '/cnf/project/index' });
  });

  it('turns another scheme into an external link (scheme + path, target defaulting to _blank), not a route', () => {
    const help = routes[3];
    expect(help).toMatchObject({ kind: 'external', href: 'https://help.example.com/zbzj', meta: { target: '_blank' } });
    expect(menuRoutePaths(routes)).not.toContain(help.path);
    expect(toRouteObjects(routes).some((r) => r.path === help.path)).toBe(false);
  });

  it('leaves a menu path without a page file without a page (rendered as the 404 view)', () => {
    const team = routes[1].children![1];
    expect(team).toMatchObject({ path: '/team/team/index', kind: 'page', page: null });
  });

  it('keeps hidden entries routable but marks them hidden; a parent of only hidden children hides them in the menu', () => {
    const system = routes[2];
    expect(system.children![0]).toMatchObject({ path: '/system/mynotice/index', hidden: true });
    expect(system.hideChildrenInMenu).toBe(true);
    expect(menuRoutePaths(routes)).toContain('/system/mynotice/index');
  });

  it('skips an external first child when choosing the redirect', () => {
    const [parent] = menusToRoutes(
      [
        {
          ...ORGANISER_MENUS[0],
          children: [
            { ...ORGANISER_MENUS[3], parentId: 1 },
            ORGANISER_MENUS[0].children![0],
          ],
        },
      ],
      resolvePage,
    );
    expect(parent.redirect).toBe('/yx/sysActivity/index');
  });

  it('finds the first visible menu page (where /home sends non-kind-3 users)', () => {
    expect(firstMenuPagePath(routes)).toBe('/yx/sysActivity/index');
    expect(firstMenuPagePath([])).toBeNull();
  });
});

describe('menu routes → router route objects', () => {
  const objects = toRouteObjects(menusToRoutes(ORGANISER_MENUS, resolvePage));

  it('flattens the tree (a child path need not extend its parent) and keeps ancestor titles for breadcrumbs', () => {
    const team = objects.find((o) => o.path === '/team/team/index');
    expect(team).toMatchObject({ id: menuRouteId('/team/team/index'), handle: { title: '团队', zone: 'menu', trail: ['项目管理'] } });
  });

  it('gives parents a redirect loader to their first child', async () => {
    const yx = objects.find((o) => o.path === '/yx')!;
    const loader = yx.loader as () => Response;
    const response = loader();
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe('/yx/sysActivity/index');
  });

  it('loads a page lazily and the 404 view for a missing page', async () => {
    const activity = objects.find((o) => o.path === '/yx/sysActivity/index')!;
    const team = objects.find((o) => o.path === '/team/team/index')!;
    const loaded = await (activity.lazy as () => Promise<{ Component: unknown }>)();
    expect(loaded.Component).toBeTypeOf('function');
    const notFound = await (team.lazy as () => Promise<{ Component: () => unknown }>)();
    expect(notFound.Component.name).toBe('NotFoundPage');
  });

  it('fails a page chunk that has not arrived after 120 s', async () => {
    vi.useFakeTimers();
    try {
      const never: PageImporter = () => new Promise(() => {});
      const [route] = toRouteObjects(menusToRoutes([{ ...ORGANISER_MENUS[0].children![0], children: undefined }], () => never));
      const loading = (route.lazy as () => Promise<unknown>)();
      const outcome = expect(loading).rejects.toThrow('页面加载超时');
      await vi.advanceTimersByTimeAsync(120_000);
      await outcome;
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('page registry', () => {
  it('maps a feature page file to the menu path it mirrors', () => {
    expect(pagePathOf('/src/features/activity/pages/yx/sysActivity/index.tsx')).toBe('/yx/sysActivity/index');
    expect(pagePathOf('/src/features/activity/components/Table.tsx')).toBeNull();
  });

  it('refuses two files claiming the same path', () => {
    const page: PageImporter = () => Promise.resolve({ default: () => null });
    expect(() =>
      buildPageRegistry({ '/src/features/a/pages/x/index.tsx': page, '/src/features/b/pages/x/index.tsx': page }),
    ).toThrow('页面路径重复');
  });
});
