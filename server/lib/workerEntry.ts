import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What `new Worker(entry, { eval })` is given. */
export interface WorkerEntry {
  entry: URL | string;
  eval: boolean;
}

/** tsx's ESM build of its API (require.resolve would give the CommonJS one, which cannot register ESM hooks). */
function tsxEsmApi(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import?: { default?: string } }> };
  return path.join(path.dirname(manifest), exports['./esm/api']?.import?.default ?? 'dist/esm/api/index.mjs');
}

/**
 * A worker thread's entry module, from the build or from the sources. The built server has each worker
 * compiled beside main.js (vite.server.config.ts); run from the TypeScript sources — tsx, vitest, the
 * scripts' tsImport — there is only the .ts file, and Node 20 applies no `--import tsx` hooks to a
 * worker's entry: a two-line bootstrap loads it through tsx's tsImport instead.
 *
 * Both URLs are the caller's, made with `new URL(variable, import.meta.url)`: a literal would make Vite
 * turn the URL into an asset of its own, and only the caller's module knows where its worker sits.
 */
export function workerEntry(built: URL, source: URL): WorkerEntry {
  if (existsSync(fileURLToPath(built))) return { entry: built, eval: false };
  const tsx = pathToFileURL(tsxEsmApi()).href;
  return { entry: `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(source.href)}, ${JSON.stringify(source.href)}));`, eval: true };
}
