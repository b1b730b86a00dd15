import { cpSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import { aliases } from './vite-plugins/aliases.js';

const copyMigrations: Plugin = {
  name: 'copy-migrations',
  writeBundle(options) {
    cpSync('server/db/migrations', `${options.dir ?? 'build/server'}/migrations`, { recursive: true });
  },
};

/**
 * The production server, compiled: `server/main.ts` and everything it imports bundled into one ES module
 * (`build/server/main.js`) run by plain `node` — no TypeScript compiler in the running process, and no
 * wrapper process between the supervisor's signals and the server. npm packages stay external (they are
 * installed next to it); the SQL migrations are copied beside the bundle, where `server/db/client.ts`
 * looks for them relative to its own module. The worker threads are entries of their own, found beside
 * main.js: the embedded database's `build/server/pgliteWorker.js` (server/db/pgliteProxy.ts) and the
 * password hashing's `build/server/argon2Worker.js` (server/lib/argon2Proxy.ts), and the spreadsheet reader's `build/server/sheetWorker.js`
 * (server/lib/sheetProxy.ts); shared code goes to
 * chunks in the same folder.
 */
export default defineConfig({
  logLevel: 'warn',
  resolve: { alias: aliases },
  plugins: [copyMigrations],
  build: {
    ssr: true,
    outDir: 'build/server',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: true,
    copyPublicDir: false,
    rollupOptions: {
      input: { main: 'server/main.ts', pgliteWorker: 'server/db/pgliteWorker.ts', argon2Worker: 'server/lib/argon2Worker.ts', sheetWorker: 'server/lib/sheetWorker.ts' },
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
