import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../lib/errors';
import { LOG } from '../messages';

export const SPA_BASE = '/zbzj/';

/** Hashed file names under assets/ never change content, so browsers may keep them for a year. */
const LONG_CACHE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed assets, so it must be revalidated on every load. */
const NO_CACHE = 'no-cache';

/**
 * Security headers that govern a document (what it may load, who may frame or open it) and do nothing on
 * a script or stylesheet: left off the hashed assets, where they were half of every response's headers
 * (a page loads dozens of chunks over HTTP/1.1). nosniff, CORP and the referrer policy stay: they apply
 * to subresources too.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-frame-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Addresses whose page the build also writes with its first screen already in the HTML (login.html: the
 * login frame, painted before any script runs; vite-plugins/loginFrame.ts). Any other address gets
 * index.html, so the frame never flashes before a page that is not the login.
 */
const PAINTED_PAGES: Record<string, string> = { [`${SPA_BASE}user/login`]: 'login.html' };

/**
 * The Content-Security-Policy of a painted page: the global one (server/plugins/security.ts allows scripts
 * from our origin only) plus the hashes of the page's inline scripts — login.html's catcher of a sign-in
 * submitted before the app has started (vite-plugins/loginFrameSubmit.js). No other inline script runs.
 */
export function paintedPagePolicy(policy: string, html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body ?? '', 'utf8').digest('base64')}'`,
  );
  if (hashes.length === 0) return policy;
  return policy.replace(/script-src ([^;]*)/, (_directive, sources: string) => `script-src ${sources} ${hashes.join(' ')}`);
}

/**
 * Serves the built browser app (dist/) under /zbzj/ with history-mode fallback: any GET that is not a
 * file gets index.html and the client router takes over. Skipped when there is no build (API-only use,
 * or `npm run dev` where Vite serves the app).
 */
const spaPlugin: FastifyPluginAsync = async (app) => {
  const root = app.config.distDir;
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.info({ root }, LOG.noSpaBuild);
    return;
  }

  const painted = new Map(
    Object.entries(PAINTED_PAGES)
      .filter(([, file]) => existsSync(path.join(root, file)))
      .map(([address, file]) => [address, { file, html: readFileSync(path.join(root, file), 'utf8') }]),
  );

  app.get('/', (_request, reply) => reply.redirect(SPA_BASE));
  app.get('/zbzj', (_request, reply) => reply.redirect(SPA_BASE));

  await app.register(
    async (spa) => {
      await spa.register(fastifyStatic, {
        root,
        prefix: '/',
        cacheControl: false,
        // The build writes .br and .gz beside every text file (vite-plugins/compressAssets.ts): the browser
        // gets the smallest one it accepts (index.html too, also through sendFile below), with
        // Vary: Accept-Encoding; a file without a sibling, or a client that accepts neither, gets it plain.
        preCompressed: true,
        setHeaders(reply, filePath) {
          const relative = path.relative(root, filePath).split(path.sep).join('/');
          const asset = relative.startsWith('assets/');
          reply.header('Cache-Control', asset ? LONG_CACHE : NO_CACHE);
          if (asset) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
        },
      });
      spa.setNotFoundHandler((request, reply) => {
        if (request.method !== 'GET' && request.method !== 'HEAD') throw notFound();
        // A missing hashed asset is a stale page asking for an old build: answer 404, not HTML.
        if (request.url.startsWith(`${SPA_BASE}assets/`)) throw notFound();
        const page = painted.get(request.url.split('?', 1)[0] ?? '');
        if (page) {
          const policy = reply.getHeader('content-security-policy');
          if (typeof policy === 'string') reply.header('content-security-policy', paintedPagePolicy(policy, page.html));
        }
        return reply.header('Cache-Control', NO_CACHE).type('text/html; charset=utf-8').sendFile(page?.file ?? 'index.html');
      });
    },
    { prefix: '/zbzj' },
  );
};

export default fp(spaPlugin, { name: 'zbzj-spa', fastify: '5.x' });
