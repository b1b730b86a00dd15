import type { RouteHandle } from './types';

/**
 * Document title from the matched routes (spec §2): `<title> - 主办之家`; the education entry shows the
 * competition name instead.
 */
export function documentTitle(
  handles: ReadonlyArray<RouteHandle | undefined>,
  names: { appTitle: string; eduTitle: string },
): string {
  if (handles.some((handle) => handle?.brand === 'edu')) return names.eduTitle;
  let title: string | undefined;
  for (const handle of handles) if (handle?.title) title = handle.title;
  return title ? `${title} - ${names.appTitle}` : names.appTitle;
}

/** Breadcrumb titles: each matched route's menu ancestors, then its own title. */
export function breadcrumbTitles(handles: ReadonlyArray<RouteHandle | undefined>): string[] {
  const titles: string[] = [];
  for (const handle of handles) {
    if (!handle?.title) continue;
    titles.push(...(handle.trail ?? []), handle.title);
  }
  return titles;
}
