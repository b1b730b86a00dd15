import { useEffect, useState, type Key } from 'react';
import { App, Button, Dropdown } from 'antd';
import { DownloadOutlined, DownOutlined, IdcardOutlined, MailOutlined, SendOutlined, UploadOutlined } from '@ant-design/icons';
import { BULK_MAX } from '@domain/meeting/personBulk.contracts';
import type { ListInEffect } from '@/components/resource/ResourcePage';
import { BadgePrint } from './BadgePrint';
import { BulkModal, ACTION_LABELS } from './BulkModal';
import { ImportModal } from './ImportModal';
import { MessageModal, ResendModal } from './SendModals';
import { downloadImportTemplate } from './personImportApi';
import { selectionParams, type BulkAction, type BulkSelection } from './personBulkApi';

/**
 * 参会人员's own toolbar buttons beside the generic ones (新增 / 批量删除 / 导出): 下载模板 and 导入 with the
 * import action; 批量操作 (审核通过, 取消登记, 变更人员类别, 安排班车, 删除) and 打印胸卡, each for the ticked
 * rows or, with none ticked, for every row matching the list's filter — each action offered with its
 * own authority; 补发二维码 and 发送消息 alike. Ticked rows stay ticked across pages (「已选 N 人」, 清除选择);
 * 「选中全部 N 人（按当前筛选）」 makes every action take all of the filter (all=1) without asking again.
 */
export interface PersonToolbarProps {
  selected: readonly Key[];
  canImport: boolean;
  canApprove: boolean;
  canBadge: boolean;
  /** 补发二维码 (the server checks the authority again). */
  canResend?: boolean;
  /** 发送消息. */
  canMessage?: boolean;
  /** The bulk actions the user holds the authority of. */
  bulkActions?: readonly BulkAction[];
  /** The list as filtered now (for "every row matching the filter"). */
  list?: ListInEffect;
  reload: () => void;
}

/** The one activity the acted-on rows are of, when the list is narrowed to one (ticked rows come from that list). */
function listActivity(selection: BulkSelection | undefined, list: ListInEffect | undefined): number | undefined {
  const params = selection?.kind === 'all' ? selection.params : list?.params();
  const id = Number(params?.activityId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

export function PersonToolbar({ selected, canImport, canApprove, canBadge, canResend = false, canMessage = false, bulkActions = [], list, reload }: PersonToolbarProps) {
  const { message, modal } = App.useApp();
  const [importing, setImporting] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const [printing, setPrinting] = useState<BulkSelection | null>(null);
  const [acting, setActing] = useState<{ action: BulkAction; selection: BulkSelection } | null>(null);
  const [resending, setResending] = useState<BulkSelection | null>(null);
  const [messaging, setMessaging] = useState<BulkSelection | null>(null);
  const [allInFilter, setAllInFilter] = useState(false);
  const total = list?.total ?? 0;
  // 「全部 N 人」 means the filter it was chosen under: another search, or ticking rows, ends it.
  const filterKey = list ? JSON.stringify(selectionParams({ kind: 'all', params: list.params(), total: 0 })) : '';
  const ticked = selected.join(',');
  useEffect(() => setAllInFilter(false), [filterKey, ticked]);
  const count = allInFilter ? total : selected.length;
  const clearSelection = () => {
    setAllInFilter(false);
    list?.clearSelection();
  };

  /** 「全部 N 人」 chosen, the ticked rows, or every row of the filter (after a confirmation naming how many). */
  const choose = async (what: string): Promise<BulkSelection | null> => {
    if (allInFilter && total > 0 && total <= BULK_MAX) return { kind: 'all', params: list!.params(), total };
    if (selected.length > 0) return { kind: 'ids', ids: selected.map(Number) };
    if (total === 0) {
      message.warning('当前列表没有数据');
      return null;
    }
    if (total > BULK_MAX) {
      message.warning(`符合条件的参会人员共 ${total} 人，超过一次最多 ${BULK_MAX} 人，请缩小筛选范围后再操作`);
      return null;
    }
    const yes = await modal.confirm({ title: `未勾选人员：对全部符合筛选条件的 ${total} 人${what}？`, okText: `全部 ${total} 人`, cancelText: '取消' });
    return yes ? { kind: 'all', params: list!.params(), total } : null;
  };

  return (
    <>
      {canImport && (
        <>
          <Button
            icon={<DownloadOutlined />}
            loading={downloading}
            onClick={async () => {
              setDownloading(true);
              try {
                await downloadImportTemplate();
              } catch {
                // Shown by the error mapper.
              } finally {
                setDownloading(false);
              }
            }}
          >
            下载模板
          </Button>
          <Button icon={<UploadOutlined />} onClick={() => setImporting(true)}>
            导入
          </Button>
          <ImportModal open={importing} canApprove={canApprove} onClose={() => setImporting(false)} onImported={reload} />
        </>
      )}
      {bulkActions.length > 0 && (
        <>
          <Dropdown
            menu={{
              items: bulkActions.map((a) => ({ key: a, label: ACTION_LABELS[a], danger: a === 'remove' })),
              onClick: async ({ key }) => {
                const action = key as BulkAction;
                const selection = await choose(ACTION_LABELS[action]);
                if (selection) setActing({ action, selection });
              },
            }}
          >
            <Button>
              批量操作{count ? `（${count}）` : ''} <DownOutlined />
            </Button>
          </Dropdown>
          <BulkModal
            action={acting?.action ?? null}
            selection={acting?.selection ?? null}
            activityId={listActivity(acting?.selection, list)}
            onClose={() => setActing(null)}
            onDone={() => {
              clearSelection();
              reload();
            }}
          />
        </>
      )}
      {canBadge && (
        <>
          <Button
            icon={<IdcardOutlined />}
            onClick={async () => {
              const selection = await choose('打印胸卡');
              if (selection) setPrinting(selection);
            }}
          >
            打印胸卡{count ? `（${count}）` : ''}
          </Button>
          <BadgePrint selection={printing} onClose={() => setPrinting(null)} />
        </>
      )}
      {canResend && (
        <>
          <Button
            icon={<SendOutlined />}
            onClick={async () => {
              const selection = await choose('补发二维码');
              if (selection) setResending(selection);
            }}
          >
            补发二维码{count ? `（${count}）` : ''}
          </Button>
          <ResendModal selection={resending} onClose={() => setResending(null)} onDone={clearSelection} />
        </>
      )}
      {canMessage && (
        <>
          <Button
            icon={<MailOutlined />}
            onClick={async () => {
              const selection = await choose('发送消息');
              if (selection) setMessaging(selection);
            }}
          >
            发送消息{count ? `（${count}）` : ''}
          </Button>
          <MessageModal selection={messaging} onClose={() => setMessaging(null)} onDone={clearSelection} />
        </>
      )}
      {list && total > 0 && (
        <span className="zb-person-selection" role="status">
          {allInFilter ? (
            <span>已选中全部 {total} 人（按当前筛选）</span>
          ) : (
            <>
              {selected.length > 0 && <span>已选 {selected.length} 人</span>}
              {total > selected.length && total <= BULK_MAX && (
                <Button type="link" size="small" onClick={() => setAllInFilter(true)}>
                  选中全部 {total} 人（按当前筛选）
                </Button>
              )}
            </>
          )}
          {(allInFilter || selected.length > 0) && (
            <Button type="link" size="small" onClick={clearSelection}>
              清除选择
            </Button>
          )}
        </span>
      )}
    </>
  );
}
