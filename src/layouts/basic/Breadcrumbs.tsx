import { Breadcrumb } from 'antd';
import { useMatches } from 'react-router-dom';
import { breadcrumbTitles } from '../../lib/pageTitle';
import type { RouteHandle } from '../../lib/routeTypes';

/** Breadcrumbs from the titles of the matched routes, menu ancestors included. */
export function Breadcrumbs() {
  const matches = useMatches();
  const titles = breadcrumbTitles(matches.map((match) => match.handle as RouteHandle | undefined));
  if (titles.length === 0) return null;
  return <Breadcrumb items={titles.map((title, index) => ({ key: index, title }))} />;
}
