import { fileURLToPath } from 'node:url';

/**
 * `@domain/…` is the domain core (domain/) and `@/…` the browser application (src/), for every build and
 * test runner; TypeScript reads the same from tsconfig.base.json.
 */
export const aliases = {
  '@domain': fileURLToPath(new URL('../domain', import.meta.url)),
  '@': fileURLToPath(new URL('../src', import.meta.url)),
};
