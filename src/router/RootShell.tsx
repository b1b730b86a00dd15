import { useEffect } from 'react';
import { Outlet, useMatches, useNavigation } from 'react-router-dom';
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import { env } from '../config/env';
import { documentTitle } from './title';
import type { RouteHandle } from './types';

NProgress.configure({ showSpinner: false });

/** Root element: a loading bar while any navigation runs, and the document title of the matched route. */
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

  return <Outlet />;
}
