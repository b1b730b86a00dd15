import { useContext, useImperativeHandle, useRef, type Key, type ReactNode, type Ref } from 'react';
import { Table, type TableColumnsType, type TableProps } from 'antd';
import type { RequestParams } from '../api/params';
import { TABLE_HEIGHT_RATIO } from '../config/constants';
import { useWindowHeight } from '../hooks/useWindowHeight';
import { PageTitleContext } from '../lib/pageTitle';
import { SearchForm } from './SearchForm';
import { usePagedQuery, type SortOrder } from './usePagedQuery';
import { ListEmpty } from './ListEmpty';
import { useFocusableScroll } from './useFocusableScroll';

export { cleanFilters, type SortOrder } from './usePagedQuery';

/**
 * The generic paged table: a search bar, an optional toolbar and a table whose body scrolls
 * within 57% of the window height, over usePagedQuery, which holds the paging contract (page 1 again on
 * search, on a change of `params` or of the session's data scope; newer answers win; errors keep the rows).
 */
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
  /** The table region's accessible name; by default the page's title and 列表. */
  label?: string;
}

/**
 * A table's region name for screen readers: the given label, else the title of the page the
 * table is on (each kept-alive tab has its own) and 列表.
 */
export function useTableLabel(label: string | undefined): string {
  const title = useContext(PageTitleContext);
  return label ?? (title ? `${title}列表` : '数据列表');
}

export function PagedTable<T extends object>(props: PagedTableProps<T>) {
  const { url, columns, rowKey, searchFields, defaultSort, params, scrollX, ref, toolbar, rowSelection, onRow, label } = props;
  const regionLabel = useTableLabel(label);
  const paged = usePagedQuery<T>({ url, columns, params, defaultSort });
  const { reload } = paged;
  const windowHeight = useWindowHeight();
  useImperativeHandle(ref, () => ({ reload }), [reload]);
  const region = useRef<HTMLElement>(null);
  useFocusableScroll(region, regionLabel);

  return (
    <>
      {searchFields && <SearchForm onSearch={paged.search}>{searchFields}</SearchForm>}
      {toolbar && <div className="zb-table-toolbar" style={{ marginBottom: 16 }}>{toolbar}</div>}
      <section ref={region} aria-label={regionLabel} className="zb-table-region">
        <Table<T>
          rowKey={rowKey}
          rowSelection={rowSelection}
          onRow={onRow}
          {...paged.tableProps}
          scroll={{ x: scrollX, y: Math.round(windowHeight * TABLE_HEIGHT_RATIO) }}
          locale={{ emptyText: <ListEmpty loading={Boolean(paged.tableProps.loading)} filtered={Object.keys(paged.query.filters).length > 0} /> }}
        />
      </section>
    </>
  );
}
