import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { WithProviders } from '../../src/router/AppFrame';

/**
 * A page rendered before antd's providers had arrived (a cold load) must keep its state when it renders
 * again after they have: the providers render without suspending once loaded (router/providersChunk.ts),
 * but a mounted page must not be switched over to them (a different component to React, so a remount).
 * Its own file: the providers' chunk must not have been loaded by another test first.
 */
describe('the providers of a page mounted before their code arrived', () => {
  it('stay the same on the next render: the page is not mounted again', async () => {
    let mounts = 0;
    function Page({ label }: { label: string }) {
      useEffect(() => {
        mounts += 1;
      }, []);
      return <p>{label}</p>;
    }
    const { rerender } = render(
      <WithProviders>
        <Page label="活动列表" />
      </WithProviders>,
    );
    expect(await screen.findByText('活动列表')).toBeInTheDocument();
    rerender(
      <WithProviders>
        <Page label="活动列表（第 2 页）" />
      </WithProviders>,
    );
    expect(screen.getByText('活动列表（第 2 页）')).toBeInTheDocument();
    expect(mounts).toBe(1);
  });
});
