import { seedDay } from '../../server/seed/seedDay';
import { ensureSeededSnapshot, ensureSeededTemplate } from './helpers';

/**
 * Once per run, before the server test files: the seeded PGlite snapshot, or on the PostgreSQL pass the
 * seeded template database, that they all start from (helpers.ts).
 */
export default async function setup(): Promise<void> {
  // One seed day for the whole run, so a run that spans China's midnight still finds the snapshot's dates.
  process.env.SEED_DAY ??= seedDay();
  const base = process.env.TEST_DATABASE_URL;
  if (base) await ensureSeededTemplate(base);
  else await ensureSeededSnapshot();
}
