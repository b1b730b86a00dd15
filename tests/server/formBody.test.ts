import { randomBytes } from 'node:crypto';
import { parse } from 'fast-querystring';
import { describe, expect, it } from 'vitest';
import { parseForm } from '../../server/lib/formBody';

/**
 * Form bodies with a long value (an upload's base64) are decoded in slices, off the one synchronous call
 * that held the event loop: to exactly what fast-querystring gives, odd bodies included.
 */
const big = (n: number) => randomBytes(n).toString('base64');

describe('parseForm', () => {
  it('gives what fast-querystring gives, for long values as for short ones', async () => {
    const bodies = [
      new URLSearchParams({ a: '1', fileName: '名单.xlsx' }).toString(),
      new URLSearchParams({ a: '1', content: big(300_000), b: '名单.xlsx' }).toString(),
      new URLSearchParams([['x', '1'], ['content', big(100_000)], ['x', '2'], ['x', '3']]).toString(),
      `a=1&content=${'A%2'.repeat(30_000)}&b=2`,
      `a=1&content=${'%E5%90'.repeat(20_000)}&b=2`,
      `a=1&content=${'名+字%E5%90%8D'.repeat(20_000)}&b=2`,
      `&&content=${'x'.repeat(70_000)}&&=v&k`,
      `c%6Fntent=${'x+y'.repeat(30_000)}`,
    ].map((text) => Buffer.from(text));
    bodies.push(Buffer.concat([Buffer.from('content='), Buffer.from([0xff, 0xfe]), Buffer.from('%41'.repeat(30_000))]));
    for (const body of bodies) expect({ ...(await parseForm(body)) }).toEqual({ ...parse(body.toString()) });
  });

  it('gives the event loop back while it decodes a 7 MB value', async () => {
    const body = Buffer.from(new URLSearchParams({ activityId: '1', content: big(5 * 1024 * 1024) }).toString());
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    const fields = await parseForm(body);
    clearInterval(counting);
    expect(fields.content).toHaveLength(Math.ceil((5 * 1024 * 1024) / 3) * 4);
    expect(turns).toBeGreaterThan(5);
  });
});
