import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressDirectory } from '../../vite-plugins/compressAssets';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;
let dist: string;
const script = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `客户 ${i}` })))};\n`;
const indexHtml = `<!doctype html><html lang="zh-CN"><head><title>主办之家</title></head><body><div id="root"></div>${'<!-- 留白 -->'.repeat(40)}</body></html>`;
const submitCatcher = "document.addEventListener('submit', function () {}, true);";
const loginHtml = indexHtml
  .replace('</head>', `<script>${submitCatcher}</script></head>`)
  .replace('<div id="root"></div>', '<div id="root"><div class="zb-auth">账号密码登录</div></div>');

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'zbzj-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), indexHtml);
  writeFileSync(path.join(dist, 'login.html'), loginHtml);
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), script);
  writeFileSync(path.join(dist, 'assets', 'tiny-abc123.js'), 'x()');
  // What `vite build` does after writing the bundle (vite-plugins/compressAssets.ts).
  await compressDirectory(dist);
  t = await buildTestApp({ distDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressed static files', () => {
  it('sends a hashed asset as Brotli to a browser that accepts it, cached for a year', async () => {
    const res = await get('/zbzj/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(script);
  });

  it('sends gzip to a client without Brotli, and the plain file to one that accepts neither', async () => {
    const gz = await get('/zbzj/assets/index-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(script);
    const plain = await get('/zbzj/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(plain.body).toBe(script);
  });

  it('keeps the document security headers for pages and leaves them off scripts', async () => {
    const page = await get('/zbzj/', 'br');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const asset = await get('/zbzj/assets/index-abc123.js', 'br');
    expect(asset.headers['content-security-policy']).toBeUndefined();
    expect(asset.headers['x-frame-options']).toBeUndefined();
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
  });

  it('sends a file too small to gain from compression as it is', async () => {
    const res = await get('/zbzj/assets/tiny-abc123.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe('x()');
  });

  it('sends index.html compressed and uncached for client routes', async () => {
    for (const url of ['/zbzj/', '/zbzj/yx/sysActivity/index?x=1']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(String(res.headers.vary).toLowerCase(), url).toContain('accept-encoding');
      expect(brotliDecompressSync(res.rawPayload).toString('utf8'), url).toBe(indexHtml);
    }
  });

  it('sends the page with the painted login frame for the login address only', async () => {
    const res = await get('/zbzj/user/login?redirect=%2Fhome', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString('utf8')).toBe(loginHtml);
    const plain = await get('/zbzj/user/login');
    expect(plain.body).toBe(readFileSync(path.join(dist, 'login.html'), 'utf8'));
    expect((await get('/zbzj/user/register')).body).toBe(indexHtml);
  });

  it('lets the login page run its inline submit catcher, by hash, and no other page any inline script', async () => {
    const hash = `'sha256-${createHash('sha256').update(submitCatcher, 'utf8').digest('base64')}'`;
    const login = await get('/zbzj/user/login', 'br');
    expect(login.headers['content-security-policy']).toContain(`script-src 'self' ${hash}`);
    for (const url of ['/zbzj/', '/zbzj/user/register']) {
      const page = await get(url, 'br');
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self';");
      expect(page.headers['content-security-policy'], url).not.toContain('sha256-');
    }
  });
});
