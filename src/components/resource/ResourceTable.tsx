import { useCallback, useEffect, useImperativeHandle, useRef, useState, type Key, type ReactNode, type Ref } from 'react';
import { Table, type TableColumnsType } from 'antd';
import type { RequestParams } from '../../api/params';
import type { PageResult } from '@domain/core/envelope';
import { TABLE_HEIGHT_RATIO } from '../../config/constants';
import { useWindowHeight } from '../../hooks/useWindowHeight';
import { useTableLabel } from '../PagedTable';
import { SearchForm, type SearchValues } from '../SearchForm';
import { cleanFilters, usePagedQuery, type SortOrder } from '../usePagedQuery';
import { ListEmpty } from '../ListEmpty';
import { useFocusableScroll } from '../useFocusableScroll';

/**
 * The generic paged table with what the resource pages add to it: row selection, a toolbar that sees the
 * selection, and access to the filters and sort in effect (for export). The paging contract is
 * usePagedQuery's, as for PagedTable; `baseFilters` are its fixed params. A change of the
 * session's data scope also clears the selection, and selected rows a load no longer returns drop out —
 * unless the selection spans pages (`selectAcrossPages`): then paging and sorting keep it, and a new
 * search (other filters) clears it, as the ticked rows may not match the new filters.
 */
export interface ResourceTableHandle {
  reload(): void;
  /** The filters and sort of the rows on screen. */
  currentParams(): RequestParams;
  clearSelection(): void;
  /**
   * Puts the keyboard focus on the table's region when it was left nowhere (its element went away: the
   * 删除 of a removed row), now and once more after the next load has rendered.
   */
  focusIfLost(): void;
}

export interface ResourceTableProps<T extends object> {
  url: string;
  columns: TableColumnsType<T>;
  searchFields?: ReactNode;
  /** Search form values → request filters (default: blank inputs dropped). */
  toFilters?: (values: SearchValues) => RequestParams;
  defaultSort: { sort: string; order: SortOrder };
  /** `total`: the rows matching the filters in effect (all pages); `filters`: the search bar's. */
  toolbar?: (selected: Key[], selectedRows: T[], total: number, filters: RequestParams) => ReactNode;
  selectable?: boolean;
  /** Ticked rows stay ticked on other pages (参会人员: 2 000 attendees are 20 pages of 100). */
  selectAcrossPages?: boolean;
  scrollX?: number;
  /** Filters under the search bar's, e.g. from a link that opened the list; a change starts at page 1. */
  baseFilters?: RequestParams;
  /** Row key of records without an id column (default 'id'). */
  rowKey?: string;
  /** The whole answer of each load (e.g. a summary's totals beside the records). */
  onLoaded?: (result: PageResult<T>) => void;
  ref?: Ref<ResourceTableHandle>;
  /** The table region's accessible name (客户列表); by default the page's title and 列表. */
  label?: string;
}

export function ResourceTable<T extends object>(props: ResourceTableProps<T>) {
  const { url, columns, searchFields, toFilters = cleanFilters, defaultSort, toolbar, selectable = false, selectAcrossPages = false, scrollX, ref, rowKey = 'id', onLoaded, baseFilters, label } = props;
  const regionLabel = useTableLabel(label);
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
      if (selectAcrossPages) return;
      // Selected rows that are gone (removed, filtered out) are no longer selected.
      const present = new Set((result?.records ?? []).map(keyOf));
      setSelected((keys) => keys.filter((k) => present.has(k)));
    },
    onScopeChange: () => setSelected([]),
  });
  const { reload, currentParams, records } = paged;
  const filtersKey = JSON.stringify([paged.query.filters, baseFilters ?? {}]);
  const shownFilters = useRef(filtersKey);
  useEffect(() => {
    if (shownFilters.current === filtersKey) return;
    shownFilters.current = filtersKey;
    if (selectAcrossPages) setSelected([]);
  }, [filtersKey, selectAcrossPages]);
  const windowHeight = useWindowHeight();
  const region = useRef<HTMLElement>(null);
  useFocusableScroll(region, regionLabel);
  const refocusOnLoad = useRef(false);
  const refocus = useCallback(() => {
    const active = document.activeElement;
    // Lost: on nothing, on an element that went away, or on one no longer shown (a closed dialog's 确定).
    if (!active || active === document.body || !active.isConnected || active.getClientRects().length === 0) region.current?.focus();
  }, []);
  useEffect(() => {
    if (!refocusOnLoad.current) return;
    refocusOnLoad.current = false;
    refocus();
  }, [records, refocus]);

  useImperativeHandle(
    ref,
    () => ({
      reload,
      currentParams,
      clearSelection: () => setSelected([]),
      focusIfLost: () => {
        refocusOnLoad.current = true;
        refocus();
      },
    }),
    [reload, currentParams, refocus],
  );

  const selectedRows = records.filter((r) => selected.includes(keyOf(r)));

  return (
    <>
      {searchFields && <SearchForm onSearch={paged.search}>{searchFields}</SearchForm>}
      {toolbar && (
        <div className="zb-table-toolbar" style={{ marginBottom: 16, display: 'flex', gap: 8, flexWrap: 'wrap', alignItems: 'center' }}>
          {toolbar(selected, selectedRows, paged.total, paged.query.filters)}
        </div>
      )}
      <section ref={region} tabIndex={-1} aria-label={regionLabel} className="zb-table-region">
        <Table<T>
          rowKey={rowKey}
          size="middle"
          {...paged.tableProps}
          rowSelection={selectable ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys), preserveSelectedRowKeys: selectAcrossPages } : undefined}
          scroll={{ x: scrollX, y: Math.round(windowHeight * TABLE_HEIGHT_RATIO) }}
          locale={{ emptyText: <ListEmpty loading={Boolean(paged.tableProps.loading)} filtered={Object.keys(paged.query.filters).length > 0} /> }}
        />
      </section>
    </>
  );
}
