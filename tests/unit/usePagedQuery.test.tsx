import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { TableColumnsType, TablePaginationConfig, TableProps } from 'antd';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { earlyUrl, startEarly } from '../../src/api/early';
import { usePagedQuery, type PagedQueryOptions } from '../../src/components/usePagedQuery';
import type { PageResult } from '@domain/core/envelope';
import { useSession } from '../../src/stores/session';
import { server } from '../mocks/server';
import { API } from '../mocks/handlers';
import { resetSession, signInAs } from '../mocks/session';

interface Row {
  id: number;
  name: string;
}

const URL_PATH = '/test/paged';
const columns: TableColumnsType<Row> = [
  { title: '名称', dataIndex: 'name', sorter: true },
  { title: '编号', dataIndex: 'id' },
];

const pageOf = (page: number, limit: number): PageResult<Row> => ({
  total: 45,
  records: Array.from({ length: limit }, (_, i) => ({ id: (page - 1) * limit + i + 1, name: `第${page}页-${i + 1}` })),
});

/**
 * Answers GET /test/paged with the page asked for; an answer for a page in `held` waits until released.
 * Records every query.
 */
function pagedServer() {
  const queries: Array<Record<string, string>> = [];
  const held = new Map<number, () => void>();
  const holding = new Set<number>();
  server.use(
    http.get(API(URL_PATH), async ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      queries.push(query);
      const page = Number(query.page);
      if (holding.has(page)) await new Promise<void>((release) => held.set(page, release));
      return HttpResponse.json({ code: 0, msg: '', data: pageOf(page, Number(query.limit)) });
    }),
  );
  return {
    queries,
    hold: (page: number) => holding.add(page),
    release: (page: number) => {
      holding.delete(page);
      held.get(page)?.();
    },
    isWaiting: (page: number) => held.has(page),
  };
}

const wrapper = ({ children }: { children: ReactNode }) => <AppProviders>{children}</AppProviders>;

function renderPaged(options: Partial<PagedQueryOptions<Row>> = {}) {
  return renderHook((props: Partial<PagedQueryOptions<Row>>) => usePagedQuery<Row>({ url: URL_PATH, columns, ...props }), {
    wrapper,
    initialProps: options,
  });
}

type OnChange = NonNullable<TableProps<Row>['onChange']>;
const goTo = (onChange: OnChange, current: number, pageSize = 10) =>
  act(() => onChange({ current, pageSize } as TablePaginationConfig, {}, [], { action: 'paginate', currentDataSource: [] }));

const names = (records: Row[]) => records.map((r) => r.name);

describe('usePagedQuery', () => {
  beforeEach(() => {
    resetSession();
    signInAs('admin');
  });

  it('takes the first page the router asked for early, once: drawn from it without asking again', async () => {
    const api = pagedServer();
    startEarly(earlyUrl(URL_PATH, { page: 1, limit: 10, sort: 'name', order: 'asc' }), useSession.getState().scopeVersion);
    await waitFor(() => expect(api.queries).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    const onLoaded = vi.fn();
    const { result } = renderPaged({ onLoaded, defaultSort: { sort: 'name', order: 'asc' } });
    // Already arrived: the rows are there in the first render.
    expect(names(result.current.records)[0]).toBe('第1页-1');
    expect(result.current.total).toBe(45);
    await waitFor(() => expect(onLoaded).toHaveBeenCalledTimes(1));
    expect(api.queries).toHaveLength(1);
    // A reload, and a second table of the same list, ask the server.
    act(() => result.current.reload());
    await waitFor(() => expect(api.queries).toHaveLength(2));
    renderPaged({ defaultSort: { sort: 'name', order: 'asc' } });
    await waitFor(() => expect(api.queries).toHaveLength(3));
  });

  it('asks itself when the early page was for another order, and waits for one still under way', async () => {
    const api = pagedServer();
    startEarly(earlyUrl(URL_PATH, { page: 1, limit: 10, sort: 'name', order: 'desc' }), useSession.getState().scopeVersion);
    const { result } = renderPaged({ defaultSort: { sort: 'name', order: 'asc' } });
    await waitFor(() => expect(result.current.records).toHaveLength(10));
    expect(api.queries.map((q) => q.order)).toEqual(['desc', 'asc']);

    api.hold(1);
    startEarly(earlyUrl(URL_PATH, { page: 1, limit: 10 }), useSession.getState().scopeVersion);
    const second = renderPaged();
    expect(second.result.current.records).toEqual([]);
    api.release(1);
    await waitFor(() => expect(second.result.current.records).toHaveLength(10));
    expect(api.queries).toHaveLength(3);
  });

  it('never lets a slower, older answer overwrite a newer one', async () => {
    const api = pagedServer();
    const onLoaded = vi.fn();
    const { result } = renderPaged({ onLoaded });
    await waitFor(() => expect(result.current.records).toHaveLength(10));

    api.hold(2);
    goTo(result.current.tableProps.onChange, 2);
    await waitFor(() => expect(api.isWaiting(2)).toBe(true));
    goTo(result.current.tableProps.onChange, 3);
    await waitFor(() => expect(names(result.current.records)[0]).toBe('第3页-1'));
    expect(result.current.loading).toBe(false);

    api.release(2);
    await waitFor(() => expect(api.queries).toHaveLength(3));
    // Give the late answer every chance to land.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(names(result.current.records)[0]).toBe('第3页-1');
    expect(result.current.query.page).toBe(3);
    expect(onLoaded.mock.calls.map(([answer]) => (answer as PageResult<Row>).records[0].name)).toEqual(['第1页-1', '第3页-1']);
  });

  it('starts again at page 1 when the data scope changes, clears the caller’s state, and reloads even on page 1', async () => {
    const api = pagedServer();
    const onScopeChange = vi.fn();
    const { result } = renderPaged({ onScopeChange, defaultSort: { sort: 'name', order: 'asc' } });
    await waitFor(() => expect(result.current.records).toHaveLength(10));
    goTo(result.current.tableProps.onChange, 3);
    await waitFor(() => expect(names(result.current.records)[0]).toBe('第3页-1'));

    act(() => useSession.getState().bumpScope());
    await waitFor(() => expect(names(result.current.records)[0]).toBe('第1页-1'));
    expect(api.queries.at(-1)).toMatchObject({ page: '1', limit: '10', sort: 'name', order: 'asc' });
    expect(result.current.query.page).toBe(1);
    expect(onScopeChange).toHaveBeenCalledTimes(1);

    // Already on page 1: the new scope is loaded all the same.
    const before = api.queries.length;
    act(() => useSession.getState().bumpScope());
    await waitFor(() => expect(api.queries).toHaveLength(before + 1));
    expect(api.queries.at(-1)).toMatchObject({ page: '1' });
    expect(onScopeChange).toHaveBeenCalledTimes(2);
  });

  it('starts again at page 1 when params change by value, not for an equal object', async () => {
    const api = pagedServer();
    const { result, rerender } = renderPaged({ params: { status: 1 } });
    await waitFor(() => expect(result.current.records).toHaveLength(10));
    goTo(result.current.tableProps.onChange, 2);
    await waitFor(() => expect(names(result.current.records)[0]).toBe('第2页-1'));

    rerender({ params: { status: 1 } });
    expect(result.current.query.page).toBe(2);
    rerender({ params: { status: 2 } });
    await waitFor(() => expect(api.queries.at(-1)).toMatchObject({ status: '2', page: '1' }));
    expect(api.queries).toHaveLength(3);
    expect(result.current.currentParams()).toEqual({ status: 2, sort: undefined, order: undefined });
  });

  it('keeps the rows when a load fails, searches from page 1 and shows the sort in effect on sortable columns', async () => {
    const api = pagedServer();
    const { result } = renderPaged({ defaultSort: { sort: 'name', order: 'desc' } });
    await waitFor(() => expect(result.current.records).toHaveLength(10));
    expect(result.current.tableProps.columns.map((c) => ('sortOrder' in c ? c.sortOrder : 'none'))).toEqual(['descend', 'none']);

    server.use(http.get(API(URL_PATH), () => HttpResponse.json({ code: 500, msg: '', data: null }, { status: 500 })));
    goTo(result.current.tableProps.onChange, 2);
    await waitFor(() => expect(result.current.loading).toBe(false));
    expect(result.current.query.page).toBe(2);
    expect(names(result.current.records)[0]).toBe('第1页-1');

    expect(api.queries[0]).toMatchObject({ sort: 'name', order: 'desc' });
    server.resetHandlers();
    const again = pagedServer();
    act(() => result.current.search({ name: '  第  ', blank: '' }));
    await waitFor(() => expect(names(result.current.records)[0]).toBe('第1页-1'));
    expect(again.queries).toEqual([{ name: '第', limit: '10', page: '1', sort: 'name', order: 'desc' }]);
  });
});
