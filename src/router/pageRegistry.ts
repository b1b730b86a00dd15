import type { PageImporter, PageModule } from '../lib/routeTypes';

/**
 * Pages are found by path, not listed: `src/features/<domain>/pages/<menu path>.tsx` is the page for that
 * menu path (e.g. features/system/pages/system/user/index.tsx ↔ /system/user/index). A new page is a new
 * file. A menu path without a file is the generic page of the declarative resource behind it
 * (`<api>/index`, see domain/registry.ts), or the 404 view when there is none. Each page is its own
 * lazily loaded chunk; the resource definitions and the generic page load only with the first of them.
 */
const modules = import.meta.glob<PageModule>('/src/features/*/pages/**/*.tsx');

const PAGE_FILE = /^\/src\/features\/[^/]+\/pages(\/.+)\.tsx$/;

/** The route path a page file serves, or null when the file is not under a feature's pages folder. */
export function pagePathOf(file: string): string | null {
  const match = PAGE_FILE.exec(file);
  return match ? match[1] : null;
}

export function buildPageRegistry(files: Record<string, PageImporter>): Map<string, PageImporter> {
  const registry = new Map<string, PageImporter>();
  for (const [file, importer] of Object.entries(files)) {
    const path = pagePathOf(file);
    if (!path) continue;
    if (registry.has(path)) {
      // Two features claiming one menu path is a wiring mistake worth failing on in development.
      throw new Error(`页面路径重复：${path}（${file}）`);
    }
    registry.set(path, importer);
  }
  return registry;
}

const registry = buildPageRegistry(modules);

/** The page of a path without a page file: the generic page of its resource, else the 404 view. */
export function resourcePageImporter(path: string): PageImporter {
  return async () => {
    const { resourceMenuPage } = await import('../components/resource/ResourceMenuPage');
    const page = resourceMenuPage(path);
    return page ? { default: page } : import('../components/exception/NotFoundPage');
  };
}

/** Whether the path has a page file of its own (a page of the product, whoever may open it). */
export function hasPageFile(path: string): boolean {
  return registry.has(path);
}

/**
 * Whether the path is the generic page of a declarative resource (`<api>/index`). Asked only for an
 * address outside the user's menus, so the resource definitions load then and not with the first screen.
 */
export async function isResourcePage(path: string): Promise<boolean> {
  if (!path.endsWith('/index')) return false;
  const { resourceByMenuPath } = await import('@domain/registry');
  return resourceByMenuPath(path) !== undefined;
}

export function resolvePage(path: string): PageImporter {
  return registry.get(path) ?? resourcePageImporter(path);
}
