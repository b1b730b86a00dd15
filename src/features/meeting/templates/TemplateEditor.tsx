import { useRef, useState } from 'react';
import { App, Alert, Button, Card, Col, Flex, Form, Input, Row, Space, Tag, Typography } from 'antd';
import {
  SAMPLE_VALUES,
  TEMPLATE_FIELD_LABELS,
  MESSAGE_KINDS,
  TEMPLATE_LIMITS,
  renderMessage,
  smsSegments,
  type MessageTemplate,
  type TemplateField,
} from '@domain/messaging/templates';
import type { TemplateKindRow } from '@domain/messaging/templates.contracts';
import { confirmAction } from '@/components/confirm';
import { validFormValues } from '@/components/validFormValues';
import { resetTemplate, saveTemplate } from './api';

interface Caret {
  field: TemplateField;
  start: number;
  end: number;
}

/** 「已输入 N 字，按 M 条计费」: characters as the operator counts them (an emoji is one), segments by smsSegments. */
export function smsCounter(text: string): string {
  return `已输入 ${[...text].length} 字，按 ${smsSegments(text)} 条计费`;
}

interface Props {
  row: TemplateKindRow;
  canEdit: boolean;
  onChanged: () => void;
  /** 所属活动: the activity whose own template is edited; none: the organiser's. */
  activityId?: number;
}

/** Where the words shown come from, as a tag. */
function SourceTag({ row }: { row: TemplateKindRow }) {
  const saved = row.updatedAt ? ` · ${row.updatedAt.slice(0, 16)} 保存` : '';
  if (row.custom) return <Tag color="blue">{row.activityId === null ? '本单位模板' : '本活动专用模板'}{saved}</Tag>;
  if (row.source === 'organiser') return <Tag color="cyan">沿用本单位模板</Tag>;
  return <Tag>默认模板</Tag>;
}

/**
 * One kind's template: subject, body and SMS text, the kind's variables as chips that insert `{变量}`
 * where the cursor was, and the message as a recipient would read it, rendered with sample values by the
 * same function the outbox uses (renderMessage).
 */
export function TemplateEditor({ row, canEdit, onChanged, activityId }: Props) {
  const { message } = App.useApp();
  const [form] = Form.useForm<MessageTemplate>();
  const [busy, setBusy] = useState(false);
  const caret = useRef<Caret>({ field: 'body', start: -1, end: -1 });
  const watched = Form.useWatch([], form) as Partial<MessageTemplate> | undefined;
  const current: MessageTemplate = { subject: watched?.subject ?? row.template.subject, body: watched?.body ?? row.template.body, sms: watched?.sms ?? row.template.sms };
  const preview = renderMessage(current, SAMPLE_VALUES, MESSAGE_KINDS.find((kind) => kind.key === row.kind));

  const track = (field: TemplateField) => (event: { currentTarget: HTMLInputElement | HTMLTextAreaElement }) => {
    const { selectionStart, selectionEnd } = event.currentTarget;
    caret.current = { field, start: selectionStart ?? -1, end: selectionEnd ?? -1 };
  };
  const tracking = (field: TemplateField) => ({ onSelect: track(field), onKeyUp: track(field), onClick: track(field), onFocus: track(field) });

  const insert = (name: string) => {
    const { field, start, end } = caret.current;
    const text = form.getFieldValue(field) ?? '';
    const token = `{${name}}`;
    const at = start < 0 ? text.length : start;
    const next = text.slice(0, at) + token + text.slice(end < 0 ? at : end);
    form.setFieldValue(field, next);
    caret.current = { field, start: at + token.length, end: at + token.length };
  };

  const save = async () => {
    const values = await validFormValues<MessageTemplate>(form);
    if (!values) return;
    setBusy(true);
    try {
      message.success(await saveTemplate(row.kind, { subject: values.subject ?? '', body: values.body ?? '', sms: values.sms ?? '' }, activityId));
      onChanged();
    } catch {
      // Shown by the error mapper (field errors name the field); the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    const content =
      activityId === undefined
        ? `确定将「${row.label}」恢复为默认模板吗？本单位改写的内容将被删除。`
        : `确定删除本活动的「${row.label}」专用模板吗？删除后本活动沿用本单位的模板。`;
    if (!(await confirmAction({ content, danger: true }))) return;
    setBusy(true);
    try {
      message.success(await resetTemplate(row.kind, activityId));
      form.setFieldsValue(row.defaults);
      onChanged();
    } catch {
      // Shown by the error mapper.
    } finally {
      setBusy(false);
    }
  };

  const lengthRule = (field: TemplateField) => ({ max: TEMPLATE_LIMITS[field], message: `${TEMPLATE_FIELD_LABELS[field]}不能超过 ${TEMPLATE_LIMITS[field]} 个字` });

  // A vertical gutter too: below xl the preview stacks under the form and touched its 保存 button.
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={13}>
        <Space wrap style={{ marginBottom: 12 }}>
          <SourceTag row={row} />
          {row.transactional ? <Tag color="gold">事务消息：退订后仍会发送</Tag> : <Tag color="green">通知类：尊重退订</Tag>}
        </Space>
        <div style={{ marginBottom: 12 }} role="group" aria-label="可用变量">
          <Typography.Text type="secondary">可用变量（点击插入到光标处）：</Typography.Text>
          <Flex wrap gap={6} style={{ marginTop: 6 }}>
            {row.variables.map((variable) => (
              <Button
                key={variable.name}
                size="small"
                title={variable.description}
                disabled={!canEdit}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insert(variable.name)}
              >
                {`{${variable.name}}`}
              </Button>
            ))}
          </Flex>
        </div>
        <Form form={form} name={`template-${row.kind}`} layout="vertical" initialValues={row.template} disabled={!canEdit || busy}>
          <Form.Item name="subject" label="邮件主题" rules={[{ required: true, whitespace: true, message: '请输入邮件主题' }, lengthRule('subject')]}>
            <Input {...tracking('subject')} />
          </Form.Item>
          <Form.Item name="body" label="邮件正文" rules={[{ required: true, whitespace: true, message: '请输入邮件正文' }, lengthRule('body')]} extra="纯文本；邮件的 HTML 版本由正文生成，链接可点击">
            <Input.TextArea rows={9} {...tracking('body')} />
          </Form.Item>
          <Form.Item name="sms" label="短信内容" rules={[lengthRule('sms')]} extra={<span aria-live="polite">{smsCounter(current.sms)}（变量按示例值计算：{smsCounter(preview.sms)}）；留空则不发短信</span>}>
            <Input.TextArea rows={3} {...tracking('sms')} />
          </Form.Item>
        </Form>
        {canEdit ? (
          <Space>
            <Button type="primary" loading={busy} onClick={() => void save()}>
              保存
            </Button>
            <Button disabled={!row.custom || busy} onClick={() => void reset()}>
              {activityId === undefined ? '恢复默认' : '删除本活动模板'}
            </Button>
          </Space>
        ) : (
          <Alert type="info" showIcon title="您没有修改消息模板的权限" />
        )}
      </Col>
      <Col xs={24} xl={11}>
        <Card size="small" title="预览（示例数据）" aria-label="预览">
          <Typography.Text type="secondary">邮件主题</Typography.Text>
          <Typography.Paragraph strong data-testid="preview-subject">
            {preview.subject}
          </Typography.Paragraph>
          <Typography.Text type="secondary">邮件正文</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }} data-testid="preview-body">
            {preview.text}
          </Typography.Paragraph>
          <Typography.Text type="secondary">短信</Typography.Text>
          <Typography.Paragraph style={{ wordBreak: 'break-all' }} data-testid="preview-sms">
            {preview.sms || '（不发短信）'}
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}
