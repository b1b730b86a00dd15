import type { ComponentType } from 'react';
import type { LazyRouteFunction, RouteObject } from 'react-router-dom';
import { CHUNK_LOAD_TIMEOUT_MS } from '../config/constants';
import { withTimeout } from '../lib/timeout';

export const CHUNK_TIMEOUT_MESSAGE = '页面加载超时，请检查网络后刷新重试';

/** Lazy route component that fails with an error when its chunk has not arrived within 120 s. */
export function lazyComponent(importer: () => Promise<{ default: ComponentType }>): LazyRouteFunction<RouteObject> {
  return async () => {
    const module = await withTimeout(importer(), CHUNK_LOAD_TIMEOUT_MS, CHUNK_TIMEOUT_MESSAGE);
    return { Component: module.default };
  };
}

/** The 404 view, for routes whose page is not built yet. */
export const lazyNotFound = lazyComponent(() => import('../components/exception/NotFoundPage'));
