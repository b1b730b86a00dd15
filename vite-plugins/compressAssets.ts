import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing; images and fonts (png, woff2) are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|map|wasm|ico)$/i;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/** Writes `<file>.br` and `<file>.gz` beside one file, each only when it is smaller than the file itself. */
async function compressFile(file: string): Promise<number> {
  const source = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzipAsync(source, { level: 9 }),
  ]);
  let written = 0;
  // A sibling that saves nothing (a tiny file) would only cost a larger response: the server falls back
  // to the plain file when there is none.
  if (br.length < source.length) {
    await writeFile(`${file}.br`, br);
    written++;
  }
  if (gz.length < source.length) {
    await writeFile(`${file}.gz`, gz);
    written++;
  }
  return written;
}

/** Compresses every text file under `dir` (see compressAssets); exported for the server test. */
export async function compressDirectory(dir: string): Promise<void> {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
  // Largest first, so the long Brotli runs start early on the thread pool.
  const order = files.map((file, i) => ({ file, size: sizes[i] ?? 0 })).sort((a, b) => b.size - a.size);
  await Promise.all(order.map(({ file }) => compressFile(file)));
}

/**
 * Build-time Brotli and gzip siblings of every text file in the output (hashed assets, index.html and
 * the copied public files), for @fastify/static's `preCompressed` (server/plugins/spa.ts): compressed once
 * at the highest level instead of on every request. node:zlib does Brotli itself, so this needs no
 * plugin dependency.
 */
export function compressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'zbzj-compress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle and index.html are written (the public folder is copied before): every file is final.
    writeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await compressDirectory(outDir);
      },
    },
  };
}
