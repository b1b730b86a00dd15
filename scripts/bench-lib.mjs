// Helpers shared by the bench scripts (scripts/bench-*.mjs); kept out of lib.mjs so `npm start` does not load tsx's API.
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { root } from './lib.mjs';

/** A whole number from the environment, within [min, max]; the fallback when it is not a number. */
export const bounded = (value, fallback, min, max) => {
  const n = Number(value ?? fallback);
  return Number.isFinite(n) ? Math.max(min, Math.min(max, Math.floor(n))) : fallback;
};

/** A TypeScript module of the repository, loaded through tsx. */
export const loadTs = (path) => tsImport(join(root, path), import.meta.url);

/** What the API benches need to build and seed their own database and sign their calls. */
export async function benchModules() {
  const [{ openDatabase }, { seedIfEmpty }, { signRequest }, { DEMO_API_KEY }, { sql }] = await Promise.all([
    loadTs('server/db/client.ts'),
    loadTs('server/db/seed.ts'),
    loadTs('domain/core/sign.ts'),
    loadTs('server/config.ts'),
    import('drizzle-orm'),
  ]);
  return { openDatabase, seedIfEmpty, signRequest, DEMO_API_KEY, sql };
}
