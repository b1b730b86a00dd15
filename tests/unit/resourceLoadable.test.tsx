import { Suspense } from 'react';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { loadable } from '../../src/lib/loadable';

function Greeting({ name }: { name: string }) {
  return <p>你好，{name}</p>;
}

describe('loadable (the resource form and its inputs fetched on demand)', () => {
  it('shows the fallback until the code arrives, then the component', async () => {
    let arrive!: () => void;
    const Lazy = loadable<{ name: string }>(() => new Promise((resolve) => (arrive = () => resolve(Greeting))), 'Greeting');
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Lazy name="张三" />
      </Suspense>,
    );
    expect(screen.getByText('加载中')).toBeTruthy();
    await act(async () => arrive());
    expect(await screen.findByText('你好，张三')).toBeTruthy();
  });

  it('renders at once, without its fallback, once preloaded (an idle prefetch before the form opens)', async () => {
    const Lazy = loadable<{ name: string }>(() => Promise.resolve(Greeting), 'Greeting');
    await Lazy.preload();
    render(
      <Suspense fallback={<p>加载中</p>}>
        <Lazy name="李四" />
      </Suspense>,
    );
    expect(screen.getByText('你好，李四')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
  });

  it('fetches again after a failed fetch instead of keeping the failure', async () => {
    let calls = 0;
    const Lazy = loadable<{ name: string }>(() => (++calls === 1 ? Promise.reject(new Error('network')) : Promise.resolve(Greeting)), 'Greeting');
    await expect(Lazy.preload()).rejects.toThrow('network');
    await Lazy.preload();
    expect(calls).toBe(2);
    render(<Lazy name="王五" />);
    expect(screen.getByText('你好，王五')).toBeTruthy();
  });
});
