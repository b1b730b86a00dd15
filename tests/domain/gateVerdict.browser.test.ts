// @vitest-environment jsdom
import { expect, it } from 'vitest';

/**
 * The verdict cases of gateVerdict.test.ts again, in a browser's environment (jsdom), where the desk runs
 * the rule offline on its local copy: the rule may use nothing only Node has. The machine's time zone is
 * set far from China's, as a laptop's may be: the times the messages tell are China time all the same.
 */
process.env.TZ = 'America/Los_Angeles';
await import('./gateVerdict.test');

it('runs where the desk does: a browser document, a time zone other than China’s', () => {
  expect(typeof document.createElement).toBe('function');
  expect(new Date(Date.parse('2026-12-08T02:00:00Z')).getHours()).toBe(18);
});
