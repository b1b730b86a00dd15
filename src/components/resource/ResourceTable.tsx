import { useImperativeHandle, useState, type Key, type ReactNode, type Ref } from 'react';
import { Empty, Table, type TableColumnsType } from 'antd';
import type { RequestParams } from '../../api/params';
import type { PageResult } from '../../shared/wire';
import { TABLE_HEIGHT_RATIO } from '../../config/constants';
import { useWindowHeight } from '../../hooks/useWindowHeight';
import { SearchForm, type SearchValues } from '../SearchForm';
import { cleanFilters, usePagedQuery, type SortOrder } from '../usePagedQuery';

/**
 * The generic paged table with what the resource pages add to it: row selection, a toolbar that sees the
 * selection, and access to the filters and sort in effect (for export). The paging contract is
 * usePagedQuery's, as for PagedTable (spec §2/§7); `baseFilters` are its fixed params. A change of the
 * session's data scope also clears the selection, and selected rows a load no longer returns drop out.
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

export function ResourceTable<T extends object>(props: ResourceTableProps<T>) {
  const { url, columns, searchFields, toFilters = cleanFilters, defaultSort, toolbar, selectable = false, scrollX, ref, rowKey = 'id', onLoaded, baseFilters } = props;
  const keyOf = (row: T) => (row as Record<string, unknown>)[rowKey] as Key;
  const [selected, setSelected] = useState<Key[]>([]);
  const paged = usePagedQuery<T>({
    url,
    columns,
    params: baseFilters,
    defaultSort,
    toFilters,
    onLoaded: (result) => {
      onLoaded?.(result);
      // Selected rows that are gone (removed, filtered out) are no longer selected.
      const present = new Set((result?.records ?? []).map(keyOf));
      setSelected((keys) => keys.filter((k) => present.has(k)));
    },
    onScopeChange: () => setSelected([]),
  });
  const { reload, currentParams, records } = paged;
  const windowHeight = useWindowHeight();

  useImperativeHandle(ref, () => ({ reload, currentParams, clearSelection: () => setSelected([]) }), [reload, currentParams]);

  const selectedRows = records.filter((r) => selected.includes(keyOf(r)));

  return (
    <>
      {searchFields && <SearchForm onSearch={paged.search}>{searchFields}</SearchForm>}
      {toolbar && (
        <div className="zb-table-toolbar" style={{ marginBottom: 16, display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
          {toolbar(selected, selectedRows)}
        </div>
      )}
      <Table<T>
        rowKey={rowKey}
        size="middle"
        {...paged.tableProps}
        rowSelection={selectable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys), preserveSelectedRowKeys: false } : undefined}
        scroll={{ x: scrollX, y: Math.round(windowHeight * TABLE_HEIGHT_RATIO) }}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" /> }}
      />
    </>
  );
}
