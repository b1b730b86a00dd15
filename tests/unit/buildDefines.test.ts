import { describe, expect, it } from 'vitest';
import { buildDefines } from '../../vite-plugins/buildDefines';
import { COPYRIGHT } from '../../src/layouts/brand';

/** The footer's year is the build's, not one typed into the text (it said 2000-2025 in 2026). */
describe('the constants the build writes into the app', () => {
  it('gives the year of the day the build ran, as a string literal', () => {
    expect(buildDefines(new Date(2031, 5, 1))).toEqual({ __BUILD_YEAR__: '"2031"' });
  });

  it('ends the copyright with the build year', () => {
    expect(COPYRIGHT).toBe(`Copyright © 2000-${__BUILD_YEAR__} 上海云展信息科技有限公司 版权所有`);
    expect(__BUILD_YEAR__).toMatch(/^\d{4}$/);
  });
});
