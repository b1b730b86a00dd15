import { lazy, useState, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code is fetched the first time it is needed (or earlier by `preload`, e.g. when the
 * browser is idle). Unlike React.lazy it renders synchronously once its module has arrived, so that a
 * prefetched form or input never shows its loading state; before that it suspends (nearest Suspense).
 */
export interface Loadable<P> {
  (props: P): ReactNode;
  displayName?: string;
  /** Starts fetching the code; resolves when the component can render without suspending. */
  preload(): Promise<unknown>;
}

export function loadable<P extends object>(load: () => Promise<ComponentType<P>>, name: string): Loadable<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed fetch (network) is tried again the next time, not remembered for good.
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  const Component = ((props: P) => {
    // Chosen once per mounted instance: switching from the lazy wrapper to the loaded component later
    // would remount it (a half-filled form would lose its input).
    const [Loaded] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Loaded {...props} />;
  }) as Loadable<P>;
  Component.displayName = `Loadable(${name})`;
  Component.preload = preload;
  return Component;
}

/**
 * Runs `task` when the browser is idle, no sooner than `after` ms (so that what was just shown gets its
 * images, fonts and first clicks first); returns the cancel function.
 */
export function whenIdle(task: () => void, after = 1000, timeout = 3000): () => void {
  let idle: number | null = null;
  const timer = setTimeout(() => {
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(task, { timeout });
    else task();
  }, after);
  return () => {
    clearTimeout(timer);
    if (idle !== null) window.cancelIdleCallback(idle);
  };
}
