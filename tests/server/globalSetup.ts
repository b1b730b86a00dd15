import { ensureSeededSnapshot } from './helpers';

/** Once per run, before the server test files: the seeded PGlite snapshot they all start from (helpers.ts). */
export default async function setup(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) await ensureSeededSnapshot();
}
