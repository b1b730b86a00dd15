import type { PageImporter, PageModule } from './types';

/**
 * Pages are found by path, not listed: `src/features/<domain>/pages/<menu path>.tsx` is the page for that
 * menu path (e.g. features/activity/pages/yx/sysActivity/index.tsx ↔ /yx/sysActivity/index). A new page
 * is a new file. Each page is its own lazily loaded chunk.
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

export function resolvePage(path: string): PageImporter | undefined {
  return registry.get(path);
}
