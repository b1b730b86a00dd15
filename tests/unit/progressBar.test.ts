import { afterEach, describe, expect, it } from 'vitest';
import { NProgress } from '../../src/router/progress';

describe('the loading bar', () => {
  afterEach(() => NProgress.remove());

  it('is a named progressbar (no made-up role), and moves as a page loads', () => {
    NProgress.start();
    NProgress.set(0.5);
    const bar = document.querySelector<HTMLElement>('#nprogress .bar');
    expect(bar).toHaveAttribute('role', 'progressbar');
    expect(bar).toHaveAttribute('aria-label', '页面加载中');
    expect(bar?.style.transform).toContain('-50%');
    expect(document.querySelector('#nprogress [role="bar"], #nprogress [role="spinner"]')).toBeNull();
  });
});
