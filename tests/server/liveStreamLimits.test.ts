import { afterAll, beforeAll, expect, it } from 'vitest';
import { MSG } from '../../server/messages';
import { MAX_STREAMS_PER_SESSION } from '../../server/services/liveStreams';
import { adminCall, buildTestApp, SEEDED, tokenFor, type TestApp } from './helpers';

/** A session holds at most MAX_STREAMS_PER_SESSION live streams at once (server/modules/live/live.routes.ts). */
let t: TestApp;
let url = '';

beforeAll(async () => {
  t = await buildTestApp({ loginRateMax: 1000 });
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => t.close());

/** Opens a stream of `token`'s session; an open one is read from until aborted. */
async function open(token: string): Promise<{ status: number; body: string; close: () => Promise<void> }> {
  const ticket = await adminCall<{ ticket: string }>(t.app, token, 'POST', '/live/ticket');
  expect(ticket.code, ticket.msg).toBe(0);
  const controller = new AbortController();
  const res = await fetch(`${url}/admin/live/stream?ticket=${encodeURIComponent(ticket.data.ticket)}`, { signal: controller.signal });
  if (!res.ok || !res.body) return { status: res.status, body: await res.text(), close: async () => {} };
  const reading = (async () => {
    for await (const chunk of res.body!) void chunk;
  })().catch(() => {});
  return {
    status: res.status,
    body: '',
    close: async () => {
      controller.abort();
      await reading;
    },
  };
}

it(`refuses a session's stream beyond ${MAX_STREAMS_PER_SESSION} open at once, with why; another session is not held back, and one closed makes room`, async () => {
  const token = await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password);
  const streams = [];
  for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await open(token));
  expect(streams.map((s) => s.status)).toEqual(streams.map(() => 200));

  const refused = await open(token);
  expect(refused.status).toBe(429);
  expect(JSON.parse(refused.body)).toMatchObject({ code: 429, msg: MSG.liveStreamsTooMany(MAX_STREAMS_PER_SESSION) });

  const otherSession = await open(await tokenFor(t.app, SEEDED.demo.username, SEEDED.demo.password));
  expect(otherSession.status).toBe(200);

  await streams[0].close();
  // The server hears of the closed connection a moment later.
  let again = await open(token);
  for (let i = 0; again.status !== 200 && i < 20; i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    again = await open(token);
  }
  expect(again.status).toBe(200);
  for (const stream of [...streams.slice(1), otherSession, again]) await stream.close();
}, 60_000);
