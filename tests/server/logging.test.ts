import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG } from '../../server/messages';
import { body, buildTestApp, signedInject, type TestApp } from './helpers';

/**
 * What reaches the server log: never a session token, share link, SSO ticket, password or
 * SMS code. The app logs into a stream the test reads, exactly as main.ts's logger would write.
 */
const lines: string[] = [];
const stream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});
const logText = () => lines.join('\n');

const codeFile = path.join(mkdtempSync(path.join(tmpdir(), 'zbzj-sms-')), 'codes.jsonl');

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000, logger: { level: 'info', stream }, smsCodeFile: codeFile });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

describe('request log', () => {
  it('redacts token, link, ticket and password values in logged addresses, keeping the rest', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/zbzj/cnf/project/index?token=SECRET-TOKEN-1&url=%2Fhome' });
    await signedInject(t.app, { method: 'GET', url: '/admin/share/document', query: { link: 'SECRET-LINK-2', kind: 'bjdxxSzZg' } });
    await signedInject(t.app, { method: 'POST', url: '/admin/api/login/ssotoken', query: { ticket: 'SECRET-TICKET-3' }, form: { ticket: 'SECRET-TICKET-4', yhlx: '1' } });
    await t.app.inject({ method: 'GET', url: '/admin/current/user?access_token=SECRET-TOKEN-5&password=SECRET-PASSWORD-6' });

    const text = logText();
    expect(text).toContain('incoming request');
    for (const secret of ['SECRET-TOKEN-1', 'SECRET-LINK-2', 'SECRET-TICKET-3', 'SECRET-TICKET-4', 'SECRET-TOKEN-5', 'SECRET-PASSWORD-6']) {
      expect(text).not.toContain(secret);
    }
    const urls = lines.map((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url).filter(Boolean);
    expect(urls).toContain('/zbzj/cnf/project/index?token=[REDACTED]&url=%2Fhome');
    expect(urls.some((url) => url!.startsWith('/admin/share/document?') && url!.includes('link=[REDACTED]') && url!.includes('kind=bjdxxSzZg'))).toBe(true);
    expect(urls).toContain('/admin/current/user?access_token=[REDACTED]&password=[REDACTED]');
  });

  it('redacts attendees’ personal codes (gate credentials) in the addresses of their pages and look-ups', async () => {
    lines.length = 0;
    await signedInject(t.app, { method: 'GET', url: '/admin/pre/registration/mine', query: { code: 'SECRET-CODE-9' } });
    await signedInject(t.app, { method: 'GET', url: '/admin/api/attendee/notices', query: { code: 'SECRET-CODE-10' } });
    await t.app.inject({ method: 'GET', url: '/zbzj/pre/mine?code=SECRET-CODE-11' });
    await t.app.inject({ method: 'GET', url: '/zbzj/pre/notices?CODE=SECRET-CODE-12&x=1' });
    const text = logText();
    for (const secret of ['SECRET-CODE-9', 'SECRET-CODE-10', 'SECRET-CODE-11', 'SECRET-CODE-12']) expect(text).not.toContain(secret);
    const urls = lines.map((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url).filter(Boolean);
    expect(urls).toContain('/zbzj/pre/mine?code=[REDACTED]');
    expect(urls).toContain('/zbzj/pre/notices?CODE=[REDACTED]&x=1');
  });

  it('keeps passwords out of the log at sign-in, and redacts a body that is logged', async () => {
    lines.length = 0;
    const res = await signedInject(t.app, { method: 'POST', url: '/admin/login/token', form: { username: 'demo', password: 'demo123456', yhlx: '1' } });
    expect(body(res).code).toBe(0);
    t.app.log.info({ body: { username: 'demo', password: 'SECRET-PASSWORD-7', nested: { token: 'SECRET-TOKEN-8' } } }, 'a body');
    const text = logText();
    expect(text).not.toContain('demo123456');
    expect(text).not.toContain('SECRET-PASSWORD-7');
    expect(text).not.toContain('SECRET-TOKEN-8');
    expect(text).toContain('"username":"demo"');
  });
});

describe('SMS codes', () => {
  it('never writes the code to the log or, outside development, to the console', async () => {
    const consoleLines: string[] = [];
    vi.spyOn(console, 'info').mockImplementation((...args: unknown[]) => void consoleLines.push(args.join(' ')));
    vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void consoleLines.push(args.join(' ')));
    lines.length = 0;
    const mobile = '13912340001';
    const res = await signedInject(t.app, { method: 'POST', url: '/admin/sms/captcha', form: { mobile, purpose: 'register' }, remoteAddress: '10.3.0.1' });
    expect(body(res)).toMatchObject({ code: 0, msg: MSG.smsSent(5) });
    const { code } = JSON.parse(readFileSync(codeFile, 'utf8').trim().split('\n').at(-1)!) as { code: string };
    expect(code).toMatch(/^\d{6}$/);
    expect(logText()).toContain('sms queued');
    expect(logText()).not.toContain(mobile);
    expect(logText()).not.toContain(`"${code}"`);
    expect(logText()).not.toContain(`为${code}`);
    expect(consoleLines.join('\n')).not.toContain(code);
  });

  it('prints the code to the console in development (NODE_ENV=development)', async () => {
    const dev = await buildTestApp({ env: { NODE_ENV: 'development' } });
    try {
      const printed: string[] = [];
      vi.spyOn(console, 'info').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
      const mobile = '13912340002';
      const res = await signedInject(dev.app, { method: 'POST', url: '/admin/sms/captcha', form: { mobile, purpose: 'register' } });
      expect(body(res).code).toBe(0);
      expect(printed).toEqual([expect.stringMatching(new RegExp(`^\\[开发环境\\] 短信验证码 ${mobile}（register）：\\d{6}$`))]);
    } finally {
      await dev.close();
    }
  });
});
