/*
 * Why not @tanstack/react-query: every list here is a server-paged table whose state (page, size, sort,
 * filters, "back to page 1 on a new search, new params or a new scope") is UI state that react-query does
 * not own, so we would still write this hook around it. The two things it would bring are already small
 * here: the race guard is the effect's own "ignore" flag, and a scope change resets and refetches through
 * `scopeVersion`. Its cache would cost more than it saves: after every save, delete or status change the
 * pages call reload() and expect fresh rows, and kept-alive tabs must never show rows of an old scope, so
 * caching would mean invalidation at each of those places, plus ~13 kB gzip on every list page. Should
 * caching or background refetching ever be wanted, this hook is the one place to adopt it.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { TableColumnsType, TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult, SortOrder as AntSortOrder } from 'antd/es/table/interface';
import { earlyUrl, takeEarly } from '../api/early';
import { get } from '../api/request';
import type { RequestParams } from '../api/params';
import type { PageResult } from '@domain/core/envelope';
import { DEFAULT_PAGE_SIZE } from '../config/constants';
import { useSession } from '../stores/session';
import type { SearchValues } from './SearchForm';

/**
 * The paged query behind every list: GET `url` with limit, page, sort, order, the fixed
 * `params` and the search filters; reads total and records.
 * - a search, a sort change, a change of `params` (compared by value) and a change of the session's data
 *   scope (`scopeVersion`: projects or activities switched) start again at page 1; tables kept alive in
 *   other tabs thus never go on showing rows of the old scope;
 * - a slower, older answer never overwrites a newer one;
 * - a failed load is reported by the error mapper and the rows on screen stay.
 */
export type SortOrder = 'asc' | 'desc';

export interface SortSpec {
  sort: string;
  order: SortOrder;
}

export interface PageQuery {
  filters: RequestParams;
  page: number;
  limit: number;
  sort?: string;
  order?: SortOrder;
}

export interface PagedQueryOptions<T> {
  url: string;
  /** Columns to decorate with the sort in effect (sortable ones only). */
  columns: TableColumnsType<T>;
  /** Sent with every request besides the user's filters; compared by value; a change starts at page 1. */
  params?: RequestParams;
  /** Sort used until the user picks a column, and again when the user clears it. */
  defaultSort?: SortSpec;
  /** Search form values → request filters (default: blank inputs dropped). */
  toFilters?: (values: SearchValues) => RequestParams;
  /** The whole answer of each load that is still the latest. */
  onLoaded?: (result: PageResult<T>) => void;
  /** Called while rendering when the data scope changed (for state of the caller's own, e.g. a selection). */
  onScopeChange?: () => void;
}

export interface PagedQuery<T> {
  query: PageQuery;
  records: T[];
  total: number;
  loading: boolean;
  /** Applies the search form's values from page 1. */
  search(values: SearchValues): void;
  /** Loads the current page again (e.g. after an edit). */
  reload(): void;
  /** The fixed params, filters and sort of the rows on screen (for export). */
  currentParams(): RequestParams;
  /** Spread onto antd's Table: sort-decorated columns, rows, loading, paging and the change handler. */
  tableProps: {
    columns: TableColumnsType<T>;
    dataSource: T[];
    loading: boolean;
    onChange: NonNullable<TableProps<T>['onChange']>;
    pagination: TablePaginationConfig;
  };
}

/** Blank inputs are "no filter", not "filter by the empty string". */
export function cleanFilters(values: SearchValues): RequestParams {
  const filters: RequestParams = {};
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    if (typeof value === 'string') {
      if (value.trim() !== '') filters[name] = value.trim();
    } else if (typeof value === 'number' || typeof value === 'boolean') {
      filters[name] = value;
    } else if (Array.isArray(value)) {
      filters[name] = value.map(String);
    } else {
      filters[name] = String(value);
    }
  }
  return filters;
}

const toAntdOrder = (order?: SortOrder): AntSortOrder => (order === 'asc' ? 'ascend' : order === 'desc' ? 'descend' : null);

/** The server-side sort name of a column: its dataIndex (what antd reports as the sorter's field). */
function sortNameOf<T>(column: TableColumnsType<T>[number]): string | undefined {
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  if (dataIndex !== undefined) return Array.isArray(dataIndex) ? dataIndex.join('.') : String(dataIndex);
  return column.key === undefined ? undefined : String(column.key);
}

/** The parameters of the request for `query`, the fixed ones (by their key) first. */
function requestParams(paramsKey: string, query: PageQuery): RequestParams {
  return { ...(JSON.parse(paramsKey) as RequestParams), ...query.filters, limit: query.limit, page: query.page, sort: query.sort, order: query.order };
}

export function usePagedQuery<T extends object>(options: PagedQueryOptions<T>): PagedQuery<T> {
  const { url, columns, params, defaultSort, toFilters = cleanFilters, onLoaded, onScopeChange } = options;
  // By value: pages pass `params={{ a: 1 }}` inline and must not reload on every render.
  const paramsKey = JSON.stringify(params ?? {});
  const scopeVersion = useSession((s) => s.scopeVersion);
  const [query, setQuery] = useState<PageQuery>(() => ({
    filters: {},
    page: 1,
    limit: DEFAULT_PAGE_SIZE,
    sort: defaultSort?.sort,
    order: defaultSort?.order,
  }));
  const [reloadCount, setReloadCount] = useState(0);
  // The first page may have been asked for when the route matched (src/router/earlyData.ts): taken once,
  // and when it has already arrived the rows are there in the very first render.
  const [early] = useState(() => takeEarly<PageResult<T>>(earlyUrl(url, requestParams(paramsKey, query)), scopeVersion));
  const firstLoad = useRef(early);
  const [records, setRecords] = useState<T[]>(() => early?.data?.records ?? []);
  const [total, setTotal] = useState(() => early?.data?.total ?? 0);
  const [loading, setLoading] = useState(false);
  const loadedRef = useRef(onLoaded);
  useEffect(() => {
    loadedRef.current = onLoaded;
  });

  // Adjusted while rendering (not in an effect), so the stale page is never requested first.
  const [seen, setSeen] = useState({ paramsKey, scopeVersion });
  if (seen.paramsKey !== paramsKey || seen.scopeVersion !== scopeVersion) {
    setSeen({ paramsKey, scopeVersion });
    // Always a new query object: on page 1 already, a new scope must still be loaded.
    setQuery((q) => ({ ...q, page: 1 }));
    if (seen.scopeVersion !== scopeVersion) onScopeChange?.();
  }

  const reload = useCallback(() => setReloadCount((n) => n + 1), []);

  useEffect(() => {
    // Set by the next load (or unmount): this answer is then stale and must not overwrite a newer one.
    let superseded = false;
    const first = firstLoad.current;
    firstLoad.current = null;
    if (first?.data) {
      loadedRef.current?.(first.data);
      return;
    }
    setLoading(true);
    (first?.promise ?? get<PageResult<T>>(url, requestParams(paramsKey, query)))
      .then((result) => {
        if (superseded) return;
        setRecords(result?.records ?? []);
        setTotal(result?.total ?? 0);
        loadedRef.current?.(result);
      })
      .catch(() => {
        // Shown by the error mapper; the table keeps the rows it had.
      })
      .finally(() => {
        if (!superseded) setLoading(false);
      });
    return () => {
      superseded = true;
    };
  }, [url, paramsKey, query, reloadCount]);

  const search = (values: SearchValues) => setQuery((q) => ({ ...q, filters: toFilters(values), page: 1 }));

  const currentParams = useCallback(
    (): RequestParams => ({ ...(JSON.parse(paramsKey) as RequestParams), ...query.filters, sort: query.sort, order: query.order }),
    [paramsKey, query.filters, query.sort, query.order],
  );

  const onChange: NonNullable<TableProps<T>['onChange']> = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
      const field = Array.isArray(single?.field) ? single.field.join('.') : (single?.field ?? single?.columnKey);
      const picked = single?.order && field !== undefined;
      setQuery((q) => ({
        ...q,
        page: 1,
        sort: picked ? String(field) : defaultSort?.sort,
        order: picked ? (single.order === 'ascend' ? 'asc' : 'desc') : defaultSort?.order,
      }));
      return;
    }
    if (extra.action === 'paginate') {
      setQuery((q) => ({ ...q, page: pagination.current ?? 1, limit: pagination.pageSize ?? q.limit }));
    }
  };

  // Sortable columns show the sort in effect (including the default one).
  const shownColumns = useMemo<TableColumnsType<T>>(
    () =>
      columns.map((column) =>
        column.sorter ? { ...column, sortOrder: sortNameOf(column) === query.sort ? toAntdOrder(query.order) : null } : column,
      ),
    [columns, query.sort, query.order],
  );

  const pagination = useMemo<TablePaginationConfig>(
    () => ({
      current: query.page,
      pageSize: query.limit,
      total,
      showSizeChanger: true,
      showTotal: (count) => `共 ${count} 条`,
    }),
    [query.page, query.limit, total],
  );

  return {
    query,
    records,
    total,
    loading,
    search,
    reload,
    currentParams,
    tableProps: { columns: shownColumns, dataSource: records, loading, onChange, pagination },
  };
}
