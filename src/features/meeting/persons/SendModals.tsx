import { useEffect, useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import type { BulkMessages, BulkResult, BulkSkip } from '@domain/meeting/personBulk.contracts';
import { SENDABLE_TEMPLATES, type PersonResendResult, type SendableTemplate } from '@domain/meeting/personMessages.contracts';
import { TEMPLATE_LIMITS, messageKind, smsSegments } from '@domain/messaging/templates';
import { messageDryRun, resendTo, selectionCount, sendMessage, type BulkSelection, type MessageWords } from './personBulkApi';

/**
 * 补发二维码 and 发送消息 for the persons of 参会人员 (the ticked rows or all of the filter): each says,
 * from the server's dry run, how many persons, emails and SMS it will send and who is left out and why,
 * before 确认 sends anything.
 */

const who = (selection: BulkSelection) => (selection.kind === 'all' ? `全部符合筛选条件的 ${selection.total} 人` : `所选 ${selection.ids.length} 人`);

const skipsText = (skips: readonly BulkSkip[]) => skips.map((s) => `${s.reason} ${s.count} 人`).join('，');

/** 「邮件 12 封、短信 30 条」 */
export const channelsText = (m: BulkMessages) => `邮件 ${m.email} 封、短信 ${m.sms} 条`;

/** 「共选择 40 人，将补发 37 人：邮件 20 封、短信 37 条；3 人不发送（登记状态为「已取消」 2 人，…）」 */
export function resendCountText(r: PersonResendResult): string {
  const left = r.recent + r.skipped;
  return `共选择 ${r.matched} 人，将补发 ${r.queued} 人：${channelsText(r.messages)}${left ? `；${left} 人不发送（${skipsText(r.reasons)}）` : ''}`;
}

/** 「共选择 40 人，将发送给 37 人：邮件 20 封、短信 37 条；3 人不发送（…）」 */
export function messageCountText(r: BulkResult): string {
  const left = r.skipped.reduce((n, s) => n + s.count, 0);
  return `共选择 ${r.matched} 人，将发送给 ${r.done} 人：${channelsText(r.messages ?? { email: 0, sms: 0 })}${left ? `；${left} 人不发送（${skipsText(r.skipped)}）` : ''}`;
}

interface SendModalProps {
  selection: BulkSelection | null;
  onClose: () => void;
  /** After a send: the selection is spent. */
  onDone: () => void;
}

/** 补发二维码: counted on opening, sent on 确认. */
export function ResendModal({ selection, onClose, onDone }: SendModalProps) {
  const { message } = App.useApp();
  const [counts, setCounts] = useState<PersonResendResult | null>(null);
  const [running, setRunning] = useState(false);
  const key = selection ? JSON.stringify(selection) : '';
  useEffect(() => {
    if (!key) return;
    let alive = true;
    setCounts(null);
    resendTo(JSON.parse(key) as BulkSelection, true)
      .then((r) => alive && setCounts(r))
      .catch(() => alive && onClose());
    return () => {
      alive = false;
    };
    // onClose is the caller's; only a new selection counts anew.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  if (!selection) return null;
  return (
    <Modal
      open
      title={`补发二维码（${selectionCount(selection)} 人）`}
      onCancel={running ? undefined : onClose}
      closable={!running}
      mask={{ closable: false }}
      okText={counts ? `确认补发（${counts.queued} 人）` : '确认补发'}
      okButtonProps={{ disabled: !counts || counts.queued === 0, loading: running }}
      cancelButtonProps={{ disabled: running }}
      onOk={async () => {
        setRunning(true);
        try {
          const { msg } = await resendTo(selection, false);
          message.success(msg);
          onDone();
          onClose();
        } catch {
          // Shown by the error mapper.
        } finally {
          setRunning(false);
        }
      }}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <span>向{who(selection)}补发入场二维码：邮件附二维码图片和日程文件，短信发个人页面链接。已取消或未通过的登记不发送，同一邮箱或手机号 10 分钟内只补发一次。</span>
        {counts ? <Alert type={counts.queued ? 'info' : 'warning'} showIcon title={resendCountText(counts)} /> : <span>正在统计…</span>}
      </Space>
    </Modal>
  );
}

/** What SMS text the provider bills: the words with 「 回T退订」 unless they say 退订 themselves (server/modules/messaging/compose.service.ts). */
export const billedSms = (text: string) => (text.includes('退订') ? text : `${text} 回T退订`);

const VARIABLES = messageKind('message').variables.map((name) => `{${name}}`).join(' ');
const DEFAULT_WORDS = messageKind('message').defaults;

/**
 * 发送消息: by email and/or SMS, a 消息模板 or the user's own words; 下一步 asks the server to check the
 * words and count (nothing sent), 确认发送 sends.
 */
export function MessageModal({ selection, onClose, onDone }: SendModalProps) {
  const { message } = App.useApp();
  const [words, setWords] = useState<MessageWords>({ email: true, sms: false, subject: DEFAULT_WORDS.subject, body: DEFAULT_WORDS.body, smsText: DEFAULT_WORDS.sms });
  const [own, setOwn] = useState(true);
  const [template, setTemplate] = useState<SendableTemplate | undefined>();
  const [counts, setCounts] = useState<BulkResult | null>(null);
  const [busy, setBusy] = useState(false);
  if (!selection) return null;
  const asked: MessageWords = own ? { ...words, template: undefined } : { email: words.email, sms: words.sms, template };
  const ready = (words.email || words.sms) && (own || template !== undefined);
  const close = () => {
    setCounts(null);
    onClose();
  };
  const count = async () => {
    setBusy(true);
    try {
      setCounts(await messageDryRun(selection, asked));
    } catch {
      // Shown by the error mapper (a field's message names it).
    } finally {
      setBusy(false);
    }
  };
  const send = async () => {
    setBusy(true);
    try {
      const { msg } = await sendMessage(selection, asked);
      message.success(msg);
      onDone();
      close();
    } catch {
      // Shown by the error mapper.
    } finally {
      setBusy(false);
    }
  };
  const sms = words.smsText ?? '';
  const billed = billedSms(sms.trim());
  const editing = counts === null;
  return (
    <Modal
      open
      width={640}
      title={`发送消息（${selectionCount(selection)} 人）`}
      onCancel={busy ? undefined : close}
      closable={!busy}
      mask={{ closable: false }}
      footer={
        editing ? (
          <Space>
            <Button onClick={close} disabled={busy}>
              取消
            </Button>
            <Button type="primary" onClick={() => void count()} loading={busy} disabled={!ready}>
              下一步：统计人数
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={() => setCounts(null)} disabled={busy}>
              返回修改
            </Button>
            <Button type="primary" onClick={() => void send()} loading={busy} disabled={counts.done === 0}>
              确认发送（{counts.done} 人）
            </Button>
          </Space>
        )
      }
    >
      <Space orientation="vertical" style={{ width: '100%' }} size={12}>
        <span>发送给{who(selection)}（已取消、未通过的登记不发送；已退订的邮箱、手机号不发送）</span>
        <Space>
          <span>发送方式：</span>
          <Checkbox checked={words.email} disabled={!editing} onChange={(e) => setWords((w) => ({ ...w, email: e.target.checked }))}>
            邮件
          </Checkbox>
          <Checkbox checked={words.sms} disabled={!editing} onChange={(e) => setWords((w) => ({ ...w, sms: e.target.checked }))}>
            短信
          </Checkbox>
        </Space>
        <Radio.Group value={own ? 'own' : 'template'} disabled={!editing} onChange={(e) => setOwn(e.target.value === 'own')} aria-label="消息内容">
          <Radio value="own">自行编写</Radio>
          <Radio value="template">使用消息模板</Radio>
        </Radio.Group>
        {own ? (
          <Form layout="vertical" component="div">
            {words.email && (
              <>
                <Form.Item label="邮件主题" style={{ marginBottom: 8 }}>
                  <Input aria-label="邮件主题" placeholder="邮件主题" maxLength={TEMPLATE_LIMITS.subject} disabled={!editing} value={words.subject} onChange={(e) => setWords((w) => ({ ...w, subject: e.target.value }))} />
                </Form.Item>
                <Form.Item label="邮件正文" style={{ marginBottom: 8 }}>
                  <Input.TextArea
                    aria-label="邮件正文"
                    placeholder="邮件正文"
                    autoSize={{ minRows: 5, maxRows: 10 }}
                    maxLength={TEMPLATE_LIMITS.body}
                    disabled={!editing}
                    value={words.body}
                    onChange={(e) => setWords((w) => ({ ...w, body: e.target.value }))}
                  />
                </Form.Item>
              </>
            )}
            {words.sms && (
              <Form.Item
                label="短信内容"
                style={{ marginBottom: 8 }}
                extra={`已输入 ${[...sms.trim()].length} 字，发出时末尾加「回T退订」共 ${[...billed].length} 字，按 ${smsSegments(billed)} 条计费（变量按每人的实际内容计，70 字一条，超过按 67 字一条）`}
              >
                <Input.TextArea
                  aria-label="短信内容"
                  placeholder="短信内容"
                  autoSize={{ minRows: 2, maxRows: 4 }}
                  maxLength={TEMPLATE_LIMITS.sms}
                  disabled={!editing}
                  value={sms}
                  onChange={(e) => setWords((w) => ({ ...w, smsText: e.target.value }))}
                />
              </Form.Item>
            )}
            <Typography.Text type="secondary">可用变量（按每人填写）：{VARIABLES}。邮件末尾没有 {'{退订链接}'} 时自动加上退订链接。</Typography.Text>
          </Form>
        ) : (
          <Select
            aria-label="消息模板"
            placeholder="请选择消息模板"
            style={{ width: 280 }}
            disabled={!editing}
            value={template}
            onChange={(value: SendableTemplate) => setTemplate(value)}
            options={SENDABLE_TEMPLATES.map((kind) => ({ value: kind, label: messageKind(kind).label }))}
          />
        )}
        {counts && <Alert type={counts.done ? 'info' : 'warning'} showIcon title={messageCountText(counts)} />}
      </Space>
    </Modal>
  );
}
