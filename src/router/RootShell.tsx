import { useEffect } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router-dom';
import { NProgress } from './progress';
import { env } from '../config/env';
import { WithProviders } from './AppFrame';
import { documentTitle } from '../lib/pageTitle';
import type { RouteHandle } from '../lib/routeTypes';

/**
 * Root element: a loading bar while any navigation runs, the document title of the matched route, and
 * antd's providers around every page but the bare one (the login page, which needs no antd).
 */
export function RootShell() {
  const navigation = useNavigation();
  const matches = useMatches();

  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);

  useEffect(() => {
    document.title = documentTitle(
      matches.map((match) => match.handle as RouteHandle | undefined),
      { appTitle: env.title, eduTitle: env.eduTitle },
    );
  }, [matches]);

  const bare = matches.some((match) => (match.handle as RouteHandle | undefined)?.bare === true);
  return bare ? <Outlet /> : <WithProviders><Outlet /></WithProviders>;
}
