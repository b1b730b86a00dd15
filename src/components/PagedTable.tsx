import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Key, type ReactNode, type Ref } from 'react';
import { Empty, Table, type TableColumnsType, type TableProps } from 'antd';
import type { SorterResult, SortOrder as AntSortOrder } from 'antd/es/table/interface';
import { get } from '../api/request';
import type { RequestParams } from '../api/params';
import type { PageResult } from '../shared/wire';
import { DEFAULT_PAGE_SIZE, TABLE_HEIGHT_RATIO } from '../config/constants';
import { useWindowHeight } from '../hooks/useWindowHeight';
import { useSession } from '../stores/session';
import { SearchForm, type SearchValues } from './SearchForm';

/**
 * The generic paged table of spec §2/§7: GET `url` with limit, page, sort, order and the search filters;
 * reads total and records. A search starts again at page 1; page and page-size changes reload; the body
 * scrolls within 57% of the window height. Errors are shown by the error mapper and the table keeps the
 * rows it had.
 *
 * It also starts again at page 1 when `params` change (they are filters too) and when the session's data
 * scope changes (projects or activities switched): tables kept alive in other tabs must not go on
 * showing rows of the old scope.
 */
export type SortOrder = 'asc' | 'desc';

export interface PagedTableHandle {
  /** Reloads the current page (e.g. after an edit). */
  reload(): void;
}

export interface PagedTableProps<T> {
  url: string;
  columns: TableColumnsType<T>;
  rowKey: string | ((row: T) => Key);
  /** Filter fields (antd Form.Items) shown in the search bar. */
  searchFields?: ReactNode;
  /** Sort used until the user picks a column. */
  defaultSort?: { sort: string; order: SortOrder };
  /** Parameters sent with every request, besides the user's filters (compared by value, not identity). */
  params?: RequestParams;
  /** Buttons and the like between the search bar and the table (batch actions). */
  toolbar?: ReactNode;
  rowSelection?: TableProps<T>['rowSelection'];
  onRow?: TableProps<T>['onRow'];
  /** Horizontal scroll width for tables too wide for the page; by default columns share the width. */
  scrollX?: number | string;
  ref?: Ref<PagedTableHandle>;
}

interface Query {
  filters: RequestParams;
  page: number;
  limit: number;
  sort?: string;
  order?: SortOrder;
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

export function PagedTable<T extends object>(props: PagedTableProps<T>) {
  const { url, columns, rowKey, searchFields, defaultSort, params, scrollX, ref, toolbar, rowSelection, onRow } = props;
  // By value: a page passing `params={{ a: 1 }}` inline must not reload on every render.
  const paramsKey = JSON.stringify(params ?? {});
  const scopeVersion = useSession((s) => s.scopeVersion);
  const [query, setQuery] = useState<Query>({
    filters: {},
    page: 1,
    limit: DEFAULT_PAGE_SIZE,
    sort: defaultSort?.sort,
    order: defaultSort?.order,
  });
  const [reloadCount, setReloadCount] = useState(0);
  const [records, setRecords] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const latestRequest = useRef(0);
  const windowHeight = useWindowHeight();

  // Adjusted while rendering (not in an effect), so the stale page is never requested first.
  const [seen, setSeen] = useState({ paramsKey, scopeVersion });
  if (seen.paramsKey !== paramsKey || seen.scopeVersion !== scopeVersion) {
    setSeen({ paramsKey, scopeVersion });
    setQuery((q) => ({ ...q, page: 1 }));
  }

  const reload = useCallback(() => setReloadCount((n) => n + 1), []);
  useImperativeHandle(ref, () => ({ reload }), [reload]);

  useEffect(() => {
    const requestId = ++latestRequest.current;
    setLoading(true);
    const fixedParams = JSON.parse(paramsKey) as RequestParams;
    get<PageResult<T>>(url, {
      ...fixedParams,
      ...query.filters,
      limit: query.limit,
      page: query.page,
      sort: query.sort,
      order: query.order,
    })
      .then((result) => {
        // A slower, older answer must not overwrite a newer one.
        if (requestId !== latestRequest.current) return;
        setRecords(result?.records ?? []);
        setTotal(result?.total ?? 0);
      })
      .catch(() => {
        // Shown by the error mapper; the table keeps the rows it had.
      })
      .finally(() => {
        if (requestId === latestRequest.current) setLoading(false);
      });
  }, [url, paramsKey, query, reloadCount]);

  const onSearch = (values: SearchValues) => {
    setQuery((q) => ({ ...q, filters: cleanFilters(values), page: 1 }));
  };

  const onChange: TableProps<T>['onChange'] = (pagination, _filters, sorter, extra) => {
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
      setQuery((q) => ({
        ...q,
        page: pagination.current ?? 1,
        limit: pagination.pageSize ?? q.limit,
      }));
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

  return (
    <>
      {searchFields && <SearchForm onSearch={onSearch}>{searchFields}</SearchForm>}
      {toolbar && <div className="zb-table-toolbar" style={{ marginBottom: 16 }}>{toolbar}</div>}
      <Table<T>
        rowKey={rowKey}
        rowSelection={rowSelection}
        onRow={onRow}
        columns={shownColumns}
        dataSource={records}
        loading={loading}
        onChange={onChange}
        scroll={{ x: scrollX, y: Math.round(windowHeight * TABLE_HEIGHT_RATIO) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
        pagination={{
          current: query.page,
          pageSize: query.limit,
          total,
          showSizeChanger: true,
          showTotal: (count) => `共 ${count} 条`,
        }}
      />
    </>
  );
}
