import { createBrowserRouter, type DataRouter, type RouteObject } from 'react-router-dom';
import { BASENAME } from '../config/constants';
import { bindNavigation } from '../lib/navigation';
import { createGuardLoader } from './guardLoader';
import { createRoutes, MAIN_CONTENT_ROUTE_ID } from './routes';

export type RouterFactory = (routes: RouteObject[], options: { basename: string }) => DataRouter;

/**
 * Builds the app's data router (browser history by default; tests pass createMemoryRouter). The guard
 * patches the generated menu routes into the main layout through this router.
 */
export function createAppRouter(factory: RouterFactory = createBrowserRouter): DataRouter {
  let router: DataRouter | null = null;
  const routes: RouteObject[] = createRoutes(
    createGuardLoader({
      basename: BASENAME,
      fixedRoutes: () => routes,
      patchMenuRoutes: (menuRoutes) => {
        // The guard only patches after awaiting the profile calls, long after the factory returned.
        if (!router) throw new Error('路由尚未创建');
        router.patchRoutes(MAIN_CONTENT_ROUTE_ID, menuRoutes);
      },
    }),
  );
  router = factory(routes, { basename: BASENAME });
  const created = router;
  bindNavigation((to, options) => created.navigate(to, options), BASENAME);
  return created;
}
