import { createContext } from 'react';
import type { RouteHandle } from './routeTypes';

/**
 * Document title from the matched routes: `<title> - 主办之家`; the education entry shows the
 * competition name instead.
 */
export function documentTitle(
  handles: ReadonlyArray<RouteHandle | undefined>,
  names: { appTitle: string; eduTitle: string },
): string {
  if (handles.some((handle) => handle?.brand === 'edu')) return names.eduTitle;
  const title = pageTitle(handles);
  return title ? `${title} - ${names.appTitle}` : names.appTitle;
}

/** The title of the page itself: the innermost matched route's (its <h1>, its tab, the list's label). */
export function pageTitle(handles: ReadonlyArray<RouteHandle | undefined>): string | undefined {
  let title: string | undefined;
  for (const handle of handles) if (handle?.title) title = handle.title;
  return title;
}

/**
 * The title of the page a component renders in, for names that say where the user is (a table region's
 * 客户列表). Provided per page by the layouts: in the multi-tab mode each kept-alive tab has its own.
 */
export const PageTitleContext = createContext<string>('');

/** Breadcrumb titles: each matched route's menu ancestors, then its own title. */
export function breadcrumbTitles(handles: ReadonlyArray<RouteHandle | undefined>): string[] {
  const titles: string[] = [];
  for (const handle of handles) {
    if (!handle?.title) continue;
    titles.push(...(handle.trail ?? []), handle.title);
  }
  return titles;
}
