import type { AppProviders } from '../app/AppProviders';

/**
 * The chunk of antd's providers (src/app/AppProviders), and whether it has arrived. A module of its own,
 * with nothing but the dynamic import, so that bootRequests.ts (evaluated first of all) can start the
 * download without pulling React in ahead of its requests; AppFrame renders the providers from here.
 */
let loaded: typeof AppProviders | null = null;

export function loadProviders(): Promise<{ AppProviders: typeof AppProviders }> {
  return import('../app/AppProviders').then((m) => {
    loaded = m.AppProviders;
    return m;
  });
}

/** The providers once their chunk is here (they then render without suspending), else null. */
export function loadedProviders(): typeof AppProviders | null {
  return loaded;
}
