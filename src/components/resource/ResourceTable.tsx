import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Key, type ReactNode, type Ref } from 'react';
import { Empty, Table, type TableColumnsType, type TableProps } from 'antd';
import type { SorterResult, SortOrder as AntSortOrder } from 'antd/es/table/interface';
import { get } from '../../api/request';
import type { RequestParams } from '../../api/params';
import type { PageResult } from '../../shared/wire';
import { DEFAULT_PAGE_SIZE, TABLE_HEIGHT_RATIO } from '../../config/constants';
import { useWindowHeight } from '../../hooks/useWindowHeight';
import { useSession } from '../../stores/session';
import { cleanFilters, type SortOrder } from '../PagedTable';
import { SearchForm, type SearchValues } from '../SearchForm';

/**
 * The generic paged table with what the resource pages add to it: row selection, a toolbar that sees the
 * selection, and access to the filters and sort in effect (for export). Same paging contract as
 * PagedTable (spec §2/§7): GET `url` with limit, page, sort, order and the filters; a search starts at
 * page 1; page and size changes reload; the body scrolls within 57% of the window height; a change of
 * the session's data scope starts again at page 1.
 */
export interface ResourceTableHandle {
  reload(): void;
  /** The filters and sort of the rows on screen. */
  currentParams(): RequestParams;
  clearSelection(): void;
}

export interface ResourceTableProps<T extends object> {
  url: string;
  columns: TableColumnsType<T>;
  searchFields?: ReactNode;
  /** Search form values → request filters (default: blank inputs dropped). */
  toFilters?: (values: SearchValues) => RequestParams;
  defaultSort: { sort: string; order: SortOrder };
  toolbar?: (selected: Key[], selectedRows: T[]) => ReactNode;
  selectable?: boolean;
  scrollX?: number;
  /** Filters under the search bar's, e.g. from a link that opened the list; a change starts at page 1. */
  baseFilters?: RequestParams;
  /** Row key of records without an id column (default 'id'). */
  rowKey?: string;
  /** The whole answer of each load (e.g. a summary's totals beside the records). */
  onLoaded?: (result: PageResult<T>) => void;
  ref?: Ref<ResourceTableHandle>;
}

interface Query {
  filters: RequestParams;
  page: number;
  limit: number;
  sort: string;
  order: SortOrder;
}

const toAntdOrder = (order?: SortOrder): AntSortOrder => (order === 'asc' ? 'ascend' : order === 'desc' ? 'descend' : null);

export function ResourceTable<T extends object>(props: ResourceTableProps<T>) {
  const { url, columns, searchFields, toFilters = cleanFilters, defaultSort, toolbar, selectable = false, scrollX, ref, rowKey = 'id', onLoaded, baseFilters } = props;
  const keyOf = (row: T) => (row as Record<string, unknown>)[rowKey] as Key;
  const loadedRef = useRef(onLoaded);
  useEffect(() => {
    loadedRef.current = onLoaded;
  });
  const scopeVersion = useSession((s) => s.scopeVersion);
  const [query, setQuery] = useState<Query>({ filters: {}, page: 1, limit: DEFAULT_PAGE_SIZE, ...defaultSort });
  const [reloadCount, setReloadCount] = useState(0);
  const [records, setRecords] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);
  const latestRequest = useRef(0);
  const windowHeight = useWindowHeight();

  // Compared by content: pages pass a fresh object on every render.
  const baseKey = JSON.stringify(baseFilters ?? {});
  const [seenBase, setSeenBase] = useState(baseKey);
  if (seenBase !== baseKey) {
    setSeenBase(baseKey);
    setQuery((q) => ({ ...q, page: 1 }));
  }

  // Adjusted while rendering, so rows of the old scope are never requested again.
  const [seenScope, setSeenScope] = useState(scopeVersion);
  if (seenScope !== scopeVersion) {
    setSeenScope(scopeVersion);
    setQuery((q) => ({ ...q, page: 1 }));
    setSelected([]);
  }

  const reload = useCallback(() => setReloadCount((n) => n + 1), []);
  useImperativeHandle(
    ref,
    () => ({
      reload,
      currentParams: () => ({ ...(JSON.parse(baseKey) as RequestParams), ...query.filters, sort: query.sort, order: query.order }),
      clearSelection: () => setSelected([]),
    }),
    [reload, query, baseKey],
  );

  useEffect(() => {
    const requestId = ++latestRequest.current;
    setLoading(true);
    get<PageResult<T>>(url, { ...(JSON.parse(baseKey) as RequestParams), ...query.filters, limit: query.limit, page: query.page, sort: query.sort, order: query.order })
      .then((result) => {
        if (requestId !== latestRequest.current) return;
        setRecords(result?.records ?? []);
        setTotal(result?.total ?? 0);
        loadedRef.current?.(result);
        // Selected rows that are gone (removed, filtered out) are no longer selected.
        const present = new Set((result?.records ?? []).map(keyOf));
        setSelected((keys) => keys.filter((k) => present.has(k)));
      })
      .catch(() => {
        // Shown by the error mapper; the table keeps the rows it had.
      })
      .finally(() => {
        if (requestId === latestRequest.current) setLoading(false);
      });
    // keyOf only reads the rowKey prop, which pages never change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [url, query, reloadCount, baseKey]);

  const onSearch = (values: SearchValues) => setQuery((q) => ({ ...q, filters: toFilters(values), page: 1 }));

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') {
      const single = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<T> | undefined;
      const field = Array.isArray(single?.field) ? single.field.join('.') : (single?.field ?? single?.columnKey);
      const picked = Boolean(single?.order) && field !== undefined;
      setQuery((q) => ({
        ...q,
        page: 1,
        sort: picked ? String(field) : defaultSort.sort,
        order: picked ? (single!.order === 'ascend' ? 'asc' : 'desc') : defaultSort.order,
      }));
      return;
    }
    if (extra.action === 'paginate') {
      setQuery((q) => ({ ...q, page: pagination.current ?? 1, limit: pagination.pageSize ?? q.limit }));
    }
  };

  const shownColumns = useMemo<TableColumnsType<T>>(
    () =>
      columns.map((column) => {
        if (!column.sorter) return column;
        const name = 'dataIndex' in column && column.dataIndex !== undefined ? String(column.dataIndex) : String(column.key);
        return { ...column, sortOrder: name === query.sort ? toAntdOrder(query.order) : null };
      }),
    [columns, query.sort, query.order],
  );

  const selectedRows = records.filter((r) => selected.includes(keyOf(r)));

  return (
    <>
      {searchFields && <SearchForm onSearch={onSearch}>{searchFields}</SearchForm>}
      {toolbar && (
        <div className="zb-table-toolbar" style={{ marginBottom: 16, display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
          {toolbar(selected, selectedRows)}
        </div>
      )}
      <Table<T>
        rowKey={rowKey}
        size="middle"
        columns={shownColumns}
        dataSource={records}
        loading={loading}
        onChange={onChange}
        rowSelection={selectable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys), preserveSelectedRowKeys: false } : undefined}
        scroll={{ x: scrollX, y: Math.round(windowHeight * TABLE_HEIGHT_RATIO) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
        pagination={{ current: query.page, pageSize: query.limit, total, showSizeChanger: true, showTotal: (count) => `共 ${count} 条` }}
      />
    </>
  );
}
