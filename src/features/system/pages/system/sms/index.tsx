import { deliveryErrorText } from '@domain/messaging/deliveryErrors';
import { useEffect, useRef, useState } from 'react';
import { App, Button, Descriptions, Drawer, Form, Input, Select, Space, Tag, Typography, type TableColumnsType } from 'antd';
import { MESSAGE_KIND_OPTIONS, SMS_CODE_KINDS, messageKindLabel } from '@domain/messaging/templates';
import { messagePage, messageResend, type MessageSummary, type OutboxMessageRow } from '@domain/system/messages.contracts';
import { ActivitySelect } from '@/components/resource/ScopeSelects';
import { PagedTable, type PagedTableHandle } from '@/components/PagedTable';
import { confirmAction } from '@/components/confirm';
import { formatDateTime } from '@/lib/dateFormat';
import { useSession } from '@/stores/session';
import { messagesSummary, resendMessage } from '@/features/system/api';

const CHANNEL_LABELS: Readonly<Record<string, string>> = { email: '邮件', sms: '短信' };
const STATE_TAGS: Readonly<Record<string, { label: string; color: string }>> = {
  queued: { label: '待发送', color: 'default' },
  sending: { label: '发送中', color: 'processing' },
  sent: { label: '已发送', color: 'green' },
  failed: { label: '失败', color: 'red' },
};
/** outbox: no channel configured, the row is the only trace (docs/messaging.md). */
const PROVIDER_LABELS: Readonly<Record<string, string>> = { smtp: 'SMTP', aliyun: '阿里云短信', outbox: '仅记录' };

const stateTag = (state: string) => {
  const tag = STATE_TAGS[state] ?? { label: state, color: 'default' };
  return <Tag color={tag.color}>{tag.label}</Tag>;
};
const dash = (value: string | null | undefined) => value || '-';
/** A verification code is gone once sent: it cannot be sent again (the server refuses it too). */
const CODE_KINDS: ReadonlySet<string> = new Set(SMS_CODE_KINDS.map((kind) => kind.key));
const resendable = (row: OutboxMessageRow) => (row.state === 'sent' || row.state === 'failed') && !CODE_KINDS.has(row.kind);

/**
 * 消息记录: every email and SMS of the outbox, newest first, with what became of it (state, attempts, the
 * last error, the provider's message id). Verification codes arrive masked. A sent or failed message can
 * be sent again as a new row; codes cannot (the server refuses and says why).
 */
export default function MessageRecordPage() {
  const { message } = App.useApp();
  const table = useRef<PagedTableHandle>(null);
  const canResend = useSession((s) => s.authorities.includes(messageResend.authority));
  const [shown, setShown] = useState<OutboxMessageRow | null>(null);
  // One activity's messages, listed and summed up (an organiser asks what became of its notices).
  const [activityId, setActivityId] = useState<number | undefined>(undefined);
  const [summary, setSummary] = useState<MessageSummary | null>(null);
  const [summaryAsked, setSummaryAsked] = useState(0);
  useEffect(() => {
    let alive = true;
    messagesSummary(activityId)
      .then((s) => alive && setSummary(s))
      .catch(() => alive && setSummary(null));
    return () => {
      alive = false;
    };
  }, [activityId, summaryAsked]);

  const resend = async (row: OutboxMessageRow) => {
    const ok = await confirmAction({ content: `确定将这条${CHANNEL_LABELS[row.channel] ?? '消息'}重新发送给 ${row.recipient} 吗？` });
    if (!ok) return;
    try {
      message.success(await resendMessage(row.id));
      table.current?.reload();
      setSummaryAsked((n) => n + 1);
    } catch {
      // Shown by the error mapper; nothing was queued.
    }
  };

  const columns: TableColumnsType<OutboxMessageRow> = [
    { title: '时间', dataIndex: 'createdAt', key: 'createdAt', sorter: true, width: 170, render: formatDateTime },
    { title: '通道', dataIndex: 'channel', key: 'channel', width: 70, render: (value: string) => CHANNEL_LABELS[value] ?? value },
    { title: '种类', dataIndex: 'kind', key: 'kind', width: 120, render: messageKindLabel },
    { title: '收件人', dataIndex: 'recipient', key: 'recipient', width: 200, ellipsis: true },
    {
      title: '主题',
      key: 'subject',
      ellipsis: true,
      render: (_, row) => (
        <Typography.Link onClick={() => setShown(row)}>{row.subject || row.text.slice(0, 40)}</Typography.Link>
      ),
    },
    { title: '状态', dataIndex: 'state', key: 'state', width: 90, render: stateTag },
    { title: '尝试次数', dataIndex: 'attempts', key: 'attempts', width: 90 },
    // In Chinese (无法连接邮件服务器…); the transport's own words are in the detail drawer, folded.
    { title: '最后错误', dataIndex: 'lastError', key: 'lastError', width: 200, ellipsis: true, render: (value: string | null, row) => dash(deliveryErrorText(row.channel, value)) },
    { title: '服务商', dataIndex: 'provider', key: 'provider', width: 100, render: (value: string | null) => (value ? (PROVIDER_LABELS[value] ?? value) : '-') },
    { title: '消息号', dataIndex: 'providerMessageId', key: 'providerMessageId', width: 180, ellipsis: true, render: dash },
    {
      title: '操作',
      key: 'actions',
      width: 130,
      fixed: 'right',
      render: (_, row) => (
        <>
          <Button type="link" size="small" onClick={() => setShown(row)}>
            详情
          </Button>
          {canResend && resendable(row) ? (
            <Button type="link" size="small" onClick={() => void resend(row)}>
              重发
            </Button>
          ) : null}
        </>
      ),
    },
  ];

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <label htmlFor="message-record-activity">活动</label>
        <ActivitySelect id="message-record-activity" search value={activityId} onChange={(v) => setActivityId(typeof v === 'number' ? v : undefined)} />
        {summary && (
          <span aria-label="发送统计">
            待发送 {summary.queued} · 已发送 {summary.sent} · 失败 {summary.failed} · 已退订 {summary.unsubscribed}
          </span>
        )}
      </Space>
      <PagedTable<OutboxMessageRow>
        ref={table}
        url={messagePage.path}
        params={activityId ? { activityId } : undefined}
        columns={columns}
        rowKey="id"
        scrollX={1500}
        defaultSort={{ sort: 'createdAt', order: 'desc' }}
        searchFields={
          <>
            <Form.Item name="channel" label="通道">
              <Select allowClear placeholder="全部" style={{ width: 110 }} options={Object.entries(CHANNEL_LABELS).map(([value, label]) => ({ value, label }))} />
            </Form.Item>
            <Form.Item name="state" label="状态">
              <Select allowClear placeholder="全部" style={{ width: 110 }} options={Object.entries(STATE_TAGS).map(([value, { label }]) => ({ value, label }))} />
            </Form.Item>
            <Form.Item name="kind" label="种类">
              <Select allowClear placeholder="全部" style={{ width: 150 }} options={MESSAGE_KIND_OPTIONS.map(({ key, label }) => ({ value: key, label }))} />
            </Form.Item>
            <Form.Item name="recipient" label="收件人">
              <Input allowClear placeholder="邮箱或手机号" maxLength={254} />
            </Form.Item>
          </>
        }
      />
      <Drawer title="消息详情" open={shown !== null} onClose={() => setShown(null)} size={560}>
        {shown ? (
          <>
            <Descriptions column={1} size="small" bordered>
              <Descriptions.Item label="时间">{formatDateTime(shown.createdAt)}</Descriptions.Item>
              <Descriptions.Item label="通道">{CHANNEL_LABELS[shown.channel] ?? shown.channel}</Descriptions.Item>
              <Descriptions.Item label="种类">{messageKindLabel(shown.kind)}</Descriptions.Item>
              <Descriptions.Item label="收件人">{shown.recipient}</Descriptions.Item>
              <Descriptions.Item label="状态">{stateTag(shown.state)}</Descriptions.Item>
              <Descriptions.Item label="尝试次数">{shown.attempts}</Descriptions.Item>
              <Descriptions.Item label="发送时间">{shown.sentAt ? formatDateTime(shown.sentAt) : '-'}</Descriptions.Item>
              <Descriptions.Item label="最后错误">
                {shown.lastError ? (
                  <>
                    {deliveryErrorText(shown.channel, shown.lastError)}
                    <details>
                      <summary>技术详情</summary>
                      <Typography.Text code>{shown.lastError}</Typography.Text>
                    </details>
                  </>
                ) : (
                  '-'
                )}
              </Descriptions.Item>
              <Descriptions.Item label="服务商">{shown.provider ? (PROVIDER_LABELS[shown.provider] ?? shown.provider) : '-'}</Descriptions.Item>
              <Descriptions.Item label="消息号">{dash(shown.providerMessageId)}</Descriptions.Item>
              {shown.subject ? <Descriptions.Item label="主题">{shown.subject}</Descriptions.Item> : null}
            </Descriptions>
            <Typography.Title level={5} style={{ marginTop: 16 }}>
              正文
            </Typography.Title>
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{shown.text}</Typography.Paragraph>
          </>
        ) : null}
      </Drawer>
    </>
  );
}
