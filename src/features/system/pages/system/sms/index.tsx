import { Form, Input, Tag, type TableColumnsType } from 'antd';
import { smsPage, type SmsOutboxRow } from '@domain/system/sms.contracts';
import { PagedTable } from '@/components/PagedTable';
import { formatDateTime } from '@/lib/dateFormat';
import { SMS_PURPOSE_LABELS } from '@/features/system/api';

const columns: TableColumnsType<SmsOutboxRow> = [
  { title: '发送时间', dataIndex: 'createdAt', key: 'createdAt', sorter: true, width: 170, render: formatDateTime },
  { title: '手机号', dataIndex: 'mobile', key: 'mobile', width: 130 },
  { title: '用途', dataIndex: 'purpose', key: 'purpose', width: 100, render: (value: string) => SMS_PURPOSE_LABELS[value] ?? value },
  { title: '短信内容', dataIndex: 'content', key: 'content' },
  { title: '发送方式', dataIndex: 'provider', key: 'provider', width: 100 },
  {
    title: '状态',
    dataIndex: 'status',
    key: 'status',
    width: 90,
    render: (value: string) => (value === 'sent' ? <Tag color="green">已发送</Tag> : <Tag color="red">失败</Tag>),
  },
];

/**
 * 短信记录: what the SMS sender sent, newest first. Verification codes arrive masked (验证码为******):
 * the page shows that a code was sent, never which one.
 */
export default function SmsRecordPage() {
  return (
    <PagedTable<SmsOutboxRow>
      url={smsPage.path}
      columns={columns}
      rowKey="id"
      defaultSort={{ sort: 'createdAt', order: 'desc' }}
      searchFields={
        <Form.Item name="mobile" label="手机号">
          <Input allowClear placeholder="请输入手机号" maxLength={11} />
        </Form.Item>
      }
    />
  );
}
