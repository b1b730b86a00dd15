import { Children, Fragment, isValidElement, Suspense, useEffect, useMemo, useRef, useState, type Key, type KeyboardEvent, type ReactNode } from 'react';
import { App, Button, Dropdown, Form, Input, Modal, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { CloseOutlined, DeleteOutlined, DownOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import type { RequestParams } from '../../api/params';
import { MSG_NO_SELECTION } from '@domain/core/selection';
import { useSession } from '../../stores/session';
import { useCurrentActivityLoaded } from '../../stores/currentActivity';
import { confirmAction, confirmAndRemove } from '../confirm';
import { cleanFilters } from '../PagedTable';
import { useLiveVersion } from '../../hooks/useLive';
import type { SearchValues } from '../SearchForm';
import { AttachmentsAction, preloadRowDialogs, ShareAction } from '../share';
import {
  ACTIVITY_FIELD,
  ACTIVITY_LABEL,
  actionAuthority,
  isLocked,
  meets,
  optionLabel,
  PROJECT_FIELD,
  PROJECT_LABEL,
  transitionAction,
  transitionBlocked,
  transitionsFrom,
  transitionTarget,
} from '@domain/resource/framework';
import type { ResourceDef, StateMachine, Transition } from '@domain/resource/types';
import { resourceColumns } from './cells';
import { ColumnChooser, useHiddenColumns, type ChoosableColumn } from './ColumnChooser';
import { FieldInput } from './FieldInput';
import { fieldInput, preloadFieldInputs } from './fieldInputs';
import { loadable, whenIdle } from '../../lib/loadable';
import type { ResourceFormProps } from './ResourceForm';
import type { HistoryDrawerProps } from './HistoryDrawer';
import { ResourceTable, type ResourceTableHandle } from './ResourceTable';
import { changeState, downloadExport, forgetScopeOptions, resourceUrls, stateMessages, type ResourceRow } from './resourceApi';
import { confirmWithMessages } from './notifyConfirm';
import { MadeLink, OperationButton, operationOffers } from './RowOperations';
import { ActivitySelect, ProjectSelect } from './ScopeSelects';

/**
 * The create / edit form (with its inputs, line items and rules) is fetched the first time it opens, or
 * when the browser is idle after the list is shown — whichever comes first — so the list's first load
 * carries the table only, and opening the form is still immediate.
 */
const ResourceForm = loadable<ResourceFormProps>(() => import('./ResourceForm').then((m) => m.ResourceForm), 'ResourceForm');

/** 变更记录 (a drawer of descriptions and a timeline) likewise, on its first opening or when idle. */
const HistoryDrawer = loadable<HistoryDrawerProps>(() => import('./HistoryDrawer').then((m) => m.HistoryDrawer), 'HistoryDrawer');

export function preloadResourceForm(): Promise<unknown> {
  return Promise.all([ResourceForm.preload(), preloadFieldInputs(), HistoryDrawer.preload()]);
}

/** The form's place while its code arrives (a first opening before the idle prefetch got it). */
function FormLoading({ title, onClose }: { title: string; onClose(): void }) {
  return <Modal open title={title} width="50%" loading footer={null} onCancel={onClose} mask={{ closable: false }} />;
}

/**
 * The list page of a resource, built from its definition: search bar, paged and sortable table, toolbar
 * (新增 / 批量删除 / 导出) and row actions — the definition's operations (转为合同 …), its extensions
 * (分享, 附件), its state changes, 编辑 / 删除 and 变更记录 — each shown only with its ACTION_ authority;
 * the delete and confirm dialogs; the create / edit form in a modal.
 */
export interface ResourcePageProps {
  def: ResourceDef;
  /**
   * More toolbar buttons (e.g. a page's own report); as a function they see the selected rows of the
   * page on screen (e.g. to print those) and can reload the list (e.g. after an import).
   */
  extraToolbar?: ReactNode | ((selected: Key[], selectedRows: ResourceRow[], reload: () => void, list: ListInEffect) => ReactNode);
  /** Rows can be selected even without the 删除 action (for the page's own toolbar buttons). */
  selectable?: boolean;
  /** Ticked rows stay ticked across pages until cleared or a new search (ResourceTable). */
  selectAcrossPages?: boolean;
  /** More row actions before the definition's own. */
  extraRowActions?: (row: ResourceRow, reload: () => void) => ReactNode;
  /**
   * The address's query string (`?code=…` from a link to one row). A page kept alive in a tab is opened
   * again by such a link: a new query filters it anew. Without it the page reads the address once.
   */
  linkSearch?: string;
}

/** The list as filtered now, for actions on "every row matching the filter" (bulk actions, printing all). */
export interface ListInEffect {
  /** Rows matching the filters, all pages. */
  total: number;
  /** The filters and sort in effect. */
  params(): RequestParams;
  clearSelection(): void;
}

/**
 * Filters a link put in the address (e.g. ?code=HT20261208000012 from a quotation's 查看合同): the
 * definition's own search fields only, anything else in the query string is some other page's business.
 */
export function filtersFromSearch(def: ResourceDef, search: string): RequestParams {
  const params = new URLSearchParams(search);
  const out: RequestParams = {};
  for (const field of def.fields) {
    const value = params.get(field.name);
    if ((field.filter === 'like' || field.filter === 'eq') && value !== null && value.trim() !== '') out[field.name] = value.trim().slice(0, 100);
  }
  return out;
}

/** Search values → request filters: ranges become <name>Begin / <name>End in their type's text. */
export function searchToFilters(def: ResourceDef, values: SearchValues): RequestParams {
  const rest: SearchValues = { ...values };
  const out: RequestParams = {};
  for (const field of def.fields.filter((f) => f.filter === 'range')) {
    const range = fieldInput(field).range;
    const picked = rest[field.name] as [Dayjs | null, Dayjs | null] | undefined;
    delete rest[field.name];
    if (!range) continue;
    if (picked?.[0]) out[`${field.name}Begin`] = range.boundText(dayjs(picked[0]));
    if (picked?.[1]) out[`${field.name}End`] = range.boundText(dayjs(picked[1]));
  }
  return { ...cleanFilters(rest), ...out };
}

function SearchFields({ def }: { def: ResourceDef }) {
  return (
    <>
      {def.fields
        .filter((f) => f.filter)
        .map((field) => {
          const spec = fieldInput(field);
          if (field.filter === 'range' && !spec.range) return null;
          if (field.filter !== 'like' && spec.Search === null) return null;
          const RangeInput = spec.range?.Input;
          return (
            <Form.Item key={field.name} name={field.name} label={field.label}>
              {field.filter === 'range' && RangeInput ? (
                <RangeInput />
              ) : field.filter === 'like' ? (
                <Input allowClear placeholder={`请输入${field.label}`} maxLength={100} style={{ width: 180 }} />
              ) : (
                <FieldInput field={field} search />
              )}
            </Form.Item>
          );
        })}
      {def.scope === 'project' && (
        <Form.Item name={PROJECT_FIELD} label={PROJECT_LABEL}>
          <ProjectSelect search />
        </Form.Item>
      )}
      {def.scope === 'activity' && (
        <Form.Item name={ACTIVITY_FIELD} label={ACTIVITY_LABEL}>
          <ActivitySelect search />
        </Form.Item>
      )}
      {(def.machines ?? []).map((machine) => (
        <Form.Item key={machine.field} name={machine.field} label={machine.label}>
          <Select allowClear placeholder="全部" style={{ width: 120 }} options={machine.states.map((s) => ({ value: s.value, label: s.label }))} />
        </Form.Item>
      ))}
    </>
  );
}

/**
 * A page's extra row actions as separate items (a fragment of two buttons is two actions), so that the
 * folding into 更多 counts them right; nothing (null, false) is no action.
 */
function actionItems(extra: ReactNode): ReactNode[] {
  const items: ReactNode[] = [];
  const visit = (node: ReactNode) => {
    for (const child of Children.toArray(node)) {
      if (isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment) visit(child.props.children);
      else items.push(child);
    }
  };
  visit(extra);
  return items.map((item, i) => <span key={`extra-${i}`}>{item}</span>);
}

/** The enabled buttons and links of a popup, in order. */
function focusables(box: HTMLElement): HTMLElement[] {
  return Array.from(box.querySelectorAll<HTMLElement>('button:not(:disabled), a[href]'));
}

/**
 * 更多: the folded row actions; picking one closes the menu (a dialog or drawer opens next) and hands the
 * focus back to 更多, so that the dialog returns it there. By keyboard: Enter opens the menu on its first
 * action, ↑/↓ move, Enter picks, Escape (or Tab) closes it.
 */
function MoreActions({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowDown' ? 1 : event.key === 'ArrowUp' ? -1 : 0;
    const items = focusables(event.currentTarget);
    if (step === 0 || items.length === 0) return;
    event.preventDefault();
    const at = items.indexOf(document.activeElement as HTMLElement);
    items[(at + step + items.length) % items.length]?.focus();
  };
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      // The menu takes the focus when it opens (its box passes it on to the first action).
      autoFocus
      popupRender={() => (
        <div
          className="ant-dropdown-menu"
          role="group"
          aria-label="更多操作"
          tabIndex={-1}
          style={{ display: 'flex', flexDirection: 'column', padding: 4 }}
          onFocus={(event) => {
            if (event.target === event.currentTarget) focusables(event.currentTarget)[0]?.focus();
          }}
          onKeyDown={onKeyDown}
          onClick={() => {
            setOpen(false);
            trigger.current?.focus();
          }}
        >
          {children}
        </div>
      )}
    >
      <Button ref={trigger} type="link" size="small">
        更多 <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/** Asks for a reason (for moves such as 驳回); resolves null when cancelled. */
function askRemark(modal: ReturnType<typeof App.useApp>['modal'], title: string): Promise<string | null> {
  return new Promise((resolve) => {
    let text = '';
    modal.confirm({
      title: `确认${title}`,
      icon: null,
      content: (
        <Input.TextArea
          autoFocus
          rows={3}
          maxLength={255}
          showCount
          placeholder="请输入原因或备注"
          onChange={(e) => {
            text = e.target.value;
          }}
        />
      ),
      okText: '确定',
      cancelText: '取消',
      onOk: () => resolve(text.trim()),
      onCancel: () => resolve(null),
    });
  });
}

/**
 * Which activities a list with a 所属活动 shows while its search bar names none: the current activity's
 * (the tag clears it), or all of them (said, with the way back). The header's switcher changes which
 * activity is current.
 */
function ActivityScopeTag({ current, all, onChange }: { current: string; all: boolean; onChange(all: boolean): void }) {
  if (all) {
    return (
      <Space size={4} className="zb-activity-scope">
        <Tag color="warning">显示全部活动</Tag>
        <Button type="link" size="small" onClick={() => onChange(false)}>
          只看当前活动
        </Button>
      </Space>
    );
  }
  return (
    <Tag
      closable
      color="blue"
      className="zb-activity-scope"
      closeIcon={<CloseOutlined aria-label="显示全部活动" />}
      onClose={(e) => {
        e.preventDefault();
        onChange(true);
      }}
    >
      当前活动：{current}
    </Tag>
  );
}

/** Resources whose lists a check-in changes. */
const LIVE_LISTS: ReadonlySet<string> = new Set(['person', 'gate', 'checkin']);

export function ResourcePage({ def, extraToolbar, extraRowActions, linkSearch, selectable, selectAcrossPages }: ResourcePageProps) {
  const { message, modal } = App.useApp();
  const authorities = useSession((s) => s.authorities);
  const can = (suffix: string) => authorities.includes(actionAuthority(def, suffix));
  const table = useRef<ResourceTableHandle>(null);
  const [editing, setEditing] = useState<{ row: ResourceRow | null } | null>(null);
  const [exporting, setExporting] = useState(false);
  const [history, setHistory] = useState<ResourceRow | null>(null);
  // The filters a link opened this list with, until the user clears them or another link arrives.
  const [linkFilters, setLinkFilters] = useState(() => filtersFromSearch(def, linkSearch ?? window.location.search));
  const [seenSearch, setSeenSearch] = useState(linkSearch);
  if (linkSearch !== seenSearch) {
    setSeenSearch(linkSearch);
    const next = filtersFromSearch(def, linkSearch ?? '');
    if (Object.keys(next).length > 0) setLinkFilters(next);
  }
  // Lists with a 所属活动 show the current activity's rows by default; the tag says so and clears it.
  const { activity: currentActivity, known: currentKnown } = useCurrentActivityLoaded();
  const byActivity = def.scope === 'activity';
  // A link that opened the list on some rows (?code=…) finds them in whichever activity they are.
  const [allActivities, setAllActivities] = useState(() => Object.keys(linkFilters).length > 0);
  const [linkSeen, setLinkSeen] = useState(linkFilters);
  if (linkSeen !== linkFilters) {
    setLinkSeen(linkFilters);
    if (Object.keys(linkFilters).length > 0) setAllActivities(true);
  }
  // The first load waits for the current activity (one answer, asked while the page's code loads), so the
  // list does not show every activity's rows first; later changes of it just reload the list.
  const [started, setStarted] = useState(!byActivity || currentKnown);
  if (!started && currentKnown) setStarted(true);
  const narrowTo = byActivity && !allActivities && !(ACTIVITY_FIELD in linkFilters) ? currentActivity : null;
  const baseFilters = useMemo(() => (narrowTo ? { ...linkFilters, [ACTIVITY_FIELD]: narrowTo.id } : linkFilters), [linkFilters, narrowTo]);
  const [hiddenColumns, setHiddenColumns] = useHiddenColumns(def.key);
  // The form stays mounted once opened (its closing animation, its next opening).
  const [formWanted, setFormWanted] = useState(false);
  if (editing !== null && !formWanted) setFormWanted(true);
  const [historyWanted, setHistoryWanted] = useState(false);
  if (history !== null && !historyWanted) setHistoryWanted(true);
  // Once the first rows are on screen (not before: it would compete with them), the code of the form and
  // of the rows' 分享 / 附件 dialogs is fetched when the browser is idle; a failure here only means
  // fetching it when the form or dialog opens.
  const [listShown, setListShown] = useState(false);
  useEffect(() => (listShown ? whenIdle(() => void Promise.all([preloadResourceForm(), preloadRowDialogs(def)]).catch(() => undefined)) : undefined), [listShown, def]);
  const reload = () => table.current?.reload();
  // Lists that check-ins change (参会人员, 闸机, 签到记录) follow them live (src/hooks/useLive.ts).
  const live = useLiveVersion(LIVE_LISTS.has(def.key) ? 'checkin' : null);
  useEffect(() => void (live && table.current?.reload()), [live]);
  const urls = resourceUrls(def);

  const remove = async (ids: Key[]) => {
    try {
      // A removed row takes its 删除 (or 更多) along, where the dialog would hand the focus back: the
      // table's region takes it instead, whichever of the dialog's closing and the reload comes last.
      const msg = await confirmAndRemove(urls.remove, ids.map(String), { afterClose: () => table.current?.focusIfLost() });
      if (msg === null) return;
      if (def.dimension) forgetScopeOptions();
      message.success(msg);
      table.current?.clearSelection();
      reload();
      table.current?.focusIfLost();
    } catch {
      // Refusals were shown by the error mapper.
    }
  };

  const move = async (machine: StateMachine, transition: Transition, row: ResourceRow) => {
    let remark: string | undefined;
    let notify: false | undefined;
    const to = transitionTarget(machine, transition);
    if (transition.remark) {
      const text = await askRemark(modal, transition.label);
      if (text === null) return;
      remark = text;
    } else if (transition.notifies) {
      // The emails and SMS it will queue, counted by the server, said before 确定.
      let messages;
      try {
        messages = await stateMessages(def, machine, row.id, to);
      } catch {
        return; // Shown by the error mapper.
      }
      const answer = await confirmWithMessages(modal, { title: `确认${transition.label}`, confirm: transition.confirm, danger: transition.danger, messages });
      if (answer === null) return;
      if (!answer.notify) notify = false;
    } else if (!(await confirmAction({ title: `确认${transition.label}`, content: transition.confirm, danger: transition.danger }))) {
      return;
    }
    try {
      message.success(await changeState(def, machine, row.id, to, remark, notify));
      reload();
    } catch {
      // Shown by the error mapper.
    }
  };

  /** What the definition offers on every row besides the state changes and 编辑 / 删除. */
  const offeredActions = (row: ResourceRow): ReactNode[] => {
    const out: ReactNode[] = operationOffers(def, row, authorities).map((offer) =>
      offer.kind === 'made' ? (
        <MadeLink key={`op-${offer.op.name}`} offer={offer} />
      ) : (
        <OperationButton key={`op-${offer.op.name}`} def={def} op={offer.op} row={row} onDone={reload} />
      ),
    );
    const share = def.extensions?.share;
    if (share?.length) out.push(<ShareAction key="share" def={def} row={row} kinds={share} />);
    if (def.extensions?.attachments) out.push(<AttachmentsAction key="attachments" def={def} row={row} />);
    return out;
  };

  const rowActions = (row: ResourceRow): ReactNode[] => {
    const out: ReactNode[] = [];
    for (const machine of def.machines ?? []) {
      // Moves of a machine that does not apply to the row (a plan has no confirmation) are not offered.
      if (machine.appliesWhen && !meets(def, row, machine.appliesWhen)) continue;
      for (const transition of transitionsFrom(machine, Number(row[machine.field]))) {
        if (!can(transitionAction(machine, transition))) continue;
        const blocked = transitionBlocked(def, machine, transition, row);
        const key = `${machine.field}-${transition.to}-${transition.label}`;
        const button = (
          <Button key={key} type="link" size="small" danger={transition.danger} disabled={Boolean(blocked)} onClick={() => move(machine, transition, row)}>
            {transition.label}
          </Button>
        );
        // A tooltip only where there is a reason to tell: each one is a popup trigger that measures itself
        // when it mounts, and a page of rows would mount dozens of them before the table is first shown.
        out.push(blocked ? <Tooltip key={key} title={blocked}>{button}</Tooltip> : button);
      }
    }
    // A locked row (sent, approved, issued…) offers its state changes only.
    if (!isLocked(def, row) && def.actions.includes('edit') && can('edit')) {
      out.push(
        <Button key="edit" type="link" size="small" onClick={() => setEditing({ row })}>
          编辑
        </Button>,
      );
    }
    if (!isLocked(def, row) && def.actions.includes('remove') && can('remove')) {
      out.push(
        <Button key="remove" type="link" size="small" danger onClick={() => remove([row.id])}>
          删除
        </Button>,
      );
    }
    if (def.machines?.length) {
      out.push(
        <Button key="history" type="link" size="small" onClick={() => setHistory(row)}>
          变更记录
        </Button>,
      );
    }
    return out;
  };

  const allColumns = useMemo(() => resourceColumns(def), [def]);
  // The first column names the row (name, code…): always shown, and kept in view when the list scrolls sideways.
  const choosable = useMemo<ChoosableColumn[]>(
    () => allColumns.map((c, i) => ({ key: String(c.key), title: typeof c.title === 'string' ? c.title : String(c.key), locked: i === 0 })),
    [allColumns],
  );

  const columns = useMemo<TableColumnsType<ResourceRow>>(() => {
    const base = allColumns
      .filter((c, i) => i === 0 || !hiddenColumns.includes(String(c.key)))
      .map((c, i) => (i === 0 ? { ...c, fixed: 'left' as const } : c));
    const anyAction =
      (def.actions.includes('edit') && can('edit')) ||
      (def.actions.includes('remove') && can('remove')) ||
      (def.machines ?? []).some((m) => m.transitions.some((t) => can(transitionAction(m, t)))) ||
      Boolean(def.machines?.length) ||
      Boolean(def.operations?.length || def.extensions?.share?.length || def.extensions?.attachments) ||
      Boolean(extraRowActions);
    if (!anyAction) return base;
    return [
      ...base,
      {
        title: '操作',
        key: 'actions',
        fixed: 'right',
        // Three link buttons of up to four characters (e.g. 转为合同 · 客户接受 · 更多); 编辑 · 删除 alone need less.
        width: def.machines?.length || def.operations?.length || def.extensions || extraRowActions ? 210 : 130,
        render: (_: unknown, row: ResourceRow) => {
          const actions = [...actionItems(extraRowActions?.(row, reload)), ...offeredActions(row), ...rowActions(row)];
          if (actions.length <= 3) return <Space size={0}>{actions}</Space>;
          // Many actions: the first two stay visible, the rest fold into 更多.
          return (
            <Space size={0}>
              {actions.slice(0, 2)}
              <MoreActions>{actions.slice(2)}</MoreActions>
            </Space>
          );
        },
      },
    ];
    // Columns depend on the authorities and the definition only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [def, allColumns, hiddenColumns, authorities, extraRowActions]);

  const scrollX = useMemo(() => columns.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 150), 0) + 60, [columns]);

  const toolbar = (selected: Key[], selectedRows: ResourceRow[], total: number, filters: RequestParams) => (
    <>
      {def.actions.includes('add') && can('add') && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ row: null })}>
          新增
        </Button>
      )}
      {def.actions.includes('remove') && can('remove') && (
        <Button
          danger
          icon={<DeleteOutlined />}
          onClick={() => {
            if (selected.length === 0) {
              message.warning(MSG_NO_SELECTION);
              return;
            }
            void remove(selected);
          }}
        >
          批量删除{selected.length ? `（${selected.length}）` : ''}
        </Button>
      )}
      {def.actions.includes('export') && can('export') && (
        <Button
          icon={<ExportOutlined />}
          loading={exporting}
          onClick={async () => {
            setExporting(true);
            try {
              await downloadExport(def, table.current?.currentParams() ?? {});
            } catch {
              // Shown by the error mapper.
            } finally {
              setExporting(false);
            }
          }}
        >
          导出
        </Button>
      )}
      {typeof extraToolbar === 'function' ? extraToolbar(selected, selectedRows, reload, {
            total,
            params: () => table.current?.currentParams() ?? {},
            clearSelection: () => table.current?.clearSelection(),
          })
        : extraToolbar}
      {Object.keys(linkFilters).length > 0 && (
        <Tag
          closable
          color="blue"
          className="zb-link-filter"
          onClose={(e) => {
            e.preventDefault();
            setLinkFilters({});
          }}
        >
          筛选：
          {Object.entries(linkFilters)
            .map(([name, value]) => {
              const field = def.fields.find((f) => f.name === name);
              return `${field?.label ?? name} ${optionLabel(field?.options, Number(value)) ?? String(value)}`;
            })
            .join('，')}
        </Tag>
      )}
      {byActivity && currentActivity && filters[ACTIVITY_FIELD] === undefined && !(ACTIVITY_FIELD in linkFilters) && (
        <ActivityScopeTag current={currentActivity.name} all={allActivities} onChange={setAllActivities} />
      )}
      <span style={{ marginLeft: 'auto' }}>
        <ColumnChooser columns={choosable} hidden={hiddenColumns} onChange={setHiddenColumns} />
      </span>
    </>
  );

  return (
    <div className={`zb-resource zb-resource-${def.key}`}>
      {started && (
        <ResourceTable<ResourceRow>
          ref={table}
          url={urls.page}
          columns={columns}
          baseFilters={baseFilters}
          defaultSort={def.defaultSort}
          searchFields={<SearchFields def={def} />}
          toFilters={(values) => searchToFilters(def, values)}
          selectable={Boolean(selectable) || (def.actions.includes('remove') && can('remove'))}
          selectAcrossPages={selectAcrossPages}
          toolbar={toolbar}
          scrollX={scrollX}
          label={`${def.title}列表`}
          onLoaded={() => setListShown(true)}
        />
      )}
      {historyWanted && (
        // The drawer shows its own spinner while the history loads; its code comes first (idle prefetch).
        <Suspense fallback={null}>
          <HistoryDrawer def={def} row={history} onClose={() => setHistory(null)} />
        </Suspense>
      )}
      {formWanted && (
        <Suspense fallback={editing !== null && <FormLoading title={`${editing.row ? '编辑' : '新增'}${def.title}`} onClose={() => setEditing(null)} />}>
          <ResourceForm
            def={def}
            open={editing !== null}
            row={editing?.row ?? null}
            onClose={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              // A row saved into another activity than the one the list shows would vanish from sight: show them all.
              if (narrowTo && saved[ACTIVITY_FIELD] != null && Number(saved[ACTIVITY_FIELD]) !== narrowTo.id) {
                setAllActivities(true);
                message.info(`已保存到其他活动，列表改为显示全部活动（当前活动仍是「${narrowTo.name}」）`);
              }
              reload();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
