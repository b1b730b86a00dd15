import { loadable } from '../lib/loadable';

/**
 * antd's providers (src/app/AppProviders) as a loadable: their own chunk, which renders without
 * suspending once it has arrived. React.lazy suspends at its first render even when the chunk is already
 * here, and React 19 then holds the content back until its fallback has been up for 300 ms: at sign-in,
 * after the login page had prefetched the chunk, that was a third of a second of boot spinner.
 * A module of its own, light enough for bootRequests.ts (evaluated first of all) to start the download.
 */
export const LoadableProviders = loadable(() => import('../app/AppProviders').then((m) => m.AppProviders), 'AppProviders');
