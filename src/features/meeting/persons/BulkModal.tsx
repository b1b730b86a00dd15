import { useEffect, useState } from 'react';
import { Alert, App, Checkbox, Input, Modal, Progress, Select, Space } from 'antd';
import type { BulkMessages, BulkResult } from '@domain/meeting/personBulk.contracts';
import { PERSON_KINDS } from '@domain/meeting/resources';
import type { FieldDef } from '@domain/resource/types';
import { RefSelect } from '@/components/resource/RefSelect';
import { dryRun, runBulk, selectionCount, type BulkAction, type BulkExtra, type BulkSelection } from './personBulkApi';

/**
 * One bulk action on 参会人员, confirmed with its count: the server's dry run says how many persons it
 * will change and how many it leaves out, and why; 确定 runs it in one request (the server changes up to
 * 10 000 rows in a few statements, all or none, so there is no half-done batch to resume) under a
 * progress bar, then shows what was done.
 */
export const ACTION_LABELS: Record<BulkAction, string> = {
  approve: '审核通过',
  cancel: '取消登记',
  kind: '变更人员类别',
  shuttle: '安排班车',
  remove: '删除',
};

const LINE_FIELD: FieldDef = { name: 'lineId', label: '班车线路', type: 'ref', ref: 'shuttleLine' };

/** 「将审核通过 12 人，跳过 3 人：登记状态为「已取消」3 人」 */
export function confirmText(action: BulkAction, result: BulkResult): string {
  const skipped = result.skipped.reduce((n, s) => n + s.count, 0);
  const why = result.skipped.map((s) => `${s.reason} ${s.count} 人`).join('，');
  return `共选择 ${result.matched} 人，将${ACTION_LABELS[action]} ${result.done} 人${skipped ? `；${skipped} 人不处理（${why}）` : ''}`;
}

/**
 * What a move that tells the attendees (审核通过, 取消登记) will send, as the server counted it: paid SMS
 * and thousands of emails are said before 确定, and 「不通知」 sends none.
 */
export function messagesText(messages: BulkMessages, notify: boolean): string {
  if (!notify) return '不通知：不给这些参会人员发送邮件和短信';
  if (!messages.email && !messages.sms) return '这些参会人员没有可通知的邮箱或手机号，不会发送邮件和短信';
  return `将通知参会人员：邮件 ${messages.email} 封、短信 ${messages.sms} 条（按所留邮箱和手机号，短信按条计费）`;
}

export interface BulkModalProps {
  action: BulkAction | null;
  selection: BulkSelection | null;
  /** The activity the list is narrowed to: 安排班车 offers its lines only (another's would place nobody). */
  activityId?: number;
  onClose: () => void;
  onDone: () => void;
}

export function BulkModal({ action, selection, activityId, onClose, onDone }: BulkModalProps) {
  const { message } = App.useApp();
  const [extra, setExtra] = useState<BulkExtra>({});
  const [counts, setCounts] = useState<BulkResult | null>(null);
  const [running, setRunning] = useState(false);
  const [done, setDone] = useState<BulkResult | null>(null);
  const ready = action !== null && selection !== null && (action !== 'kind' || extra.toKind !== undefined) && (action !== 'shuttle' || extra.lineId !== undefined);
  const key = ready ? JSON.stringify([action, selection, extra.toKind, extra.lineId]) : '';

  useEffect(() => {
    if (!key) return;
    const [a, s] = JSON.parse(key) as [BulkAction, BulkSelection];
    let alive = true;
    setCounts(null);
    dryRun(a, s, extra)
      .then((result) => alive && setCounts(result))
      .catch(() => alive && setCounts(null));
    return () => {
      alive = false;
    };
    // The remark does not change the counts.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const close = () => {
    setExtra({});
    setCounts(null);
    setDone(null);
    onClose();
  };

  if (action === null || selection === null) return null;
  const label = ACTION_LABELS[action];
  return (
    <Modal
      open
      title={`批量${label}（${selectionCount(selection)} 人）`}
      onCancel={running ? undefined : close}
      closable={!running}
      mask={{ closable: false }}
      okText={done ? '完成' : counts ? `确认${label}（${counts.done} 人）` : `确认${label}`}
      okButtonProps={{ danger: !done && (action === 'remove' || action === 'cancel'), disabled: !done && (!counts || counts.done === 0), loading: running }}
      cancelButtonProps={{ disabled: running, style: done ? { display: 'none' } : undefined }}
      onOk={async () => {
        if (done) {
          close();
          return;
        }
        setRunning(true);
        try {
          const { data, msg } = await runBulk(action, selection, extra);
          message.success(msg);
          setDone(data);
          onDone();
        } catch {
          // Shown by the error mapper.
        } finally {
          setRunning(false);
        }
      }}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {action === 'kind' && (
          <Select
            aria-label="新的人员类别"
            placeholder="请选择新的人员类别"
            style={{ width: 240 }}
            disabled={running || done !== null}
            options={PERSON_KINDS.map((o) => ({ value: o.value, label: o.label }))}
            value={extra.toKind}
            onChange={(toKind: number) => setExtra((e) => ({ ...e, toKind }))}
          />
        )}
        {action === 'shuttle' && (
          // The select sizes to its placeholder outside a form item, which cut the lines' names short.
          <RefSelect
            field={LINE_FIELD}
            refParams={activityId === undefined ? undefined : { activityId }}
            placeholder="请选择班车线路"
            style={{ width: '100%' }}
            disabled={running || done !== null}
            value={extra.lineId}
            onChange={(v) => setExtra((e) => ({ ...e, lineId: v === null || v === undefined ? undefined : Number(v) }))}
          />
        )}
        {action === 'cancel' && (
          <Input.TextArea
            aria-label="取消原因"
            placeholder="取消原因（选填）"
            maxLength={255}
            disabled={running || done !== null}
            value={extra.remark}
            onChange={(e) => setExtra((x) => ({ ...x, remark: e.target.value }))}
          />
        )}
        {counts?.messages && !done && (
          <Space orientation="vertical" size={4}>
            <span>{messagesText(counts.messages, extra.notify !== false)}</span>
            <Checkbox
              checked={extra.notify === false}
              disabled={running}
              onChange={(e) => setExtra((x) => ({ ...x, notify: e.target.checked ? false : undefined }))}
            >
              不通知
            </Checkbox>
          </Space>
        )}
        {done ? (
          <Alert type="success" showIcon title={`已${label} ${done.done} 人`} description={done.skipped.length ? done.skipped.map((s) => `${s.reason}：${s.count} 人未处理`).join('；') : undefined} />
        ) : running ? (
          <Progress percent={99} status="active" showInfo={false} aria-label={`正在${label}`} />
        ) : counts ? (
          <Alert type={counts.done ? 'info' : 'warning'} showIcon title={confirmText(action, counts)} />
        ) : ready ? (
          <span>正在统计…</span>
        ) : null}
      </Space>
    </Modal>
  );
}
