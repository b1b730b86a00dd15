import { useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { API_KEY_STATUS, apiKeyAdd, apiKeyPage, apiKeyUpdateStatus, type ApiKeyCreated, type ApiKeyRow } from '@domain/system/apiKeys.contracts';
import { PagedTable, type PagedTableHandle } from '@/components/PagedTable';
import { StatusTag } from '@/components/StatusTag';
import { confirmAction } from '@/components/confirm';
import { MODAL_WIDTH } from '@/config/constants';
import { formatDateTime } from '@/lib/dateFormat';
import { requiredTextRule, textLengthRule, toAntdRule } from '@domain/core/validators';
import { useSession } from '@/stores/session';
import {
  addApiKey,
  API_KEY_STATUS_OPTIONS,
  setApiKeyStatus,
} from '@/features/system/api';
import { OneTimeSecret } from '@/features/system/components/OneTimeSecret';
import { validFormValues } from '@/components/validFormValues';

const NAME_MAX = 50;
const REMARK_MAX = 255;

interface KeyForm {
  name: string;
  remark?: string;
}

/**
 * 系统管理 → 接口密钥 (system admin only): the signing pairs other systems use to call the API besides
 * the bootstrap pair of the environment. The secret is shown once, right after 新增; 停用 takes effect
 * within seconds on every replica.
 */
export default function ApiKeyPage() {
  const { message } = App.useApp();
  const table = useRef<PagedTableHandle>(null);
  const authorities = useSession((s) => s.authorities);
  const canAdd = authorities.includes(apiKeyAdd.authority);
  const canEdit = authorities.includes(apiKeyUpdateStatus.authority);
  const [adding, setAdding] = useState(false);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [form] = Form.useForm<KeyForm>();

  const submit = async () => {
    const values = await validFormValues<KeyForm>(form);
    if (!values) return;
    setBusy(true);
    try {
      const key = await addApiKey(values.name, values.remark ?? '');
      setAdding(false);
      setCreated(key);
      table.current?.reload();
    } catch {
      // Shown by the error mapper; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  const toggle = async (row: ApiKeyRow) => {
    const off = row.status === API_KEY_STATUS.on;
    const ok = await confirmAction({
      content: off ? `确定停用接口密钥「${row.name}」吗？停用后使用该密钥签名的请求将被拒绝。` : `确定启用接口密钥「${row.name}」吗？`,
      danger: off,
    });
    if (!ok) return;
    try {
      message.success(await setApiKeyStatus(row.id, off ? API_KEY_STATUS.off : API_KEY_STATUS.on));
      table.current?.reload();
    } catch {
      // Shown by the error mapper; the key keeps its state.
    }
  };

  const columns: TableColumnsType<ApiKeyRow> = [
    { title: '名称', dataIndex: 'name', key: 'name', width: 180, ellipsis: true },
    {
      title: 'ApiKey',
      dataIndex: 'apiKey',
      key: 'apiKey',
      width: 260,
      render: (value: string) => <Typography.Text copyable={{ text: value, tooltips: ['复制 ApiKey', '已复制'] }}>{value}</Typography.Text>,
    },
    { title: '状态', dataIndex: 'status', key: 'status', width: 100, render: (value: number) => <StatusTag value={value} options={API_KEY_STATUS_OPTIONS} /> },
    { title: '备注', dataIndex: 'remark', key: 'remark', ellipsis: true, render: (value: string | null) => value || '-' },
    { title: '创建人', dataIndex: 'createdByName', key: 'createdByName', width: 120, render: (value: string | null) => value || '-' },
    { title: '创建时间', dataIndex: 'createdAt', key: 'createdAt', sorter: true, width: 170, render: formatDateTime },
    {
      title: '最近使用',
      dataIndex: 'lastUsedAt',
      key: 'lastUsedAt',
      sorter: true,
      width: 170,
      render: (value: string | null) => (value ? formatDateTime(value) : '从未使用'),
    },
    {
      title: '操作',
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, row) =>
        canEdit ? (
          <Button type="link" size="small" danger={row.status === API_KEY_STATUS.on} onClick={() => void toggle(row)}>
            {row.status === API_KEY_STATUS.on ? '停用' : '启用'}
          </Button>
        ) : null,
    },
  ];

  return (
    <>
      <PagedTable<ApiKeyRow>
        ref={table}
        url={apiKeyPage.path}
        columns={columns}
        rowKey="id"
        scrollX={1200}
        defaultSort={{ sort: 'createdAt', order: 'desc' }}
        toolbar={
          canAdd ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                form.resetFields();
                setAdding(true);
              }}
            >
              新增
            </Button>
          ) : undefined
        }
        searchFields={
          <>
            <Form.Item name="keyword" label="关键字">
              <Input allowClear placeholder="名称或 ApiKey" maxLength={100} style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select allowClear placeholder="全部" style={{ width: 140 }} options={API_KEY_STATUS_OPTIONS.map((o) => ({ value: o.value, label: o.label }))} />
            </Form.Item>
          </>
        }
      />
      <Modal
        title="新增接口密钥"
        open={adding}
        width={MODAL_WIDTH}
        okText="生成密钥"
        cancelText="取消"
        okButtonProps={{ loading: busy }}
        onOk={() => void submit()}
        onCancel={() => setAdding(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} name="apiKeyForm">
          <Form.Item name="name" label="名称" rules={[toAntdRule(requiredTextRule({ label: '名称', max: NAME_MAX }), { required: true })]}>
            <Input maxLength={NAME_MAX} placeholder="调用方系统的名称，如：票务系统" />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={[toAntdRule(textLengthRule({ max: REMARK_MAX }))]}>
            <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount placeholder="用途、负责人等" />
          </Form.Item>
        </Form>
      </Modal>
      <OneTimeSecret
        title="接口密钥已创建"
        open={created !== null}
        onClose={() => setCreated(null)}
        intro="请将 ApiKey 与密钥（Secret）交给调用方，用于请求签名（见 README 请求签名）。"
        rows={created ? [['ApiKey', created.apiKey, true], ['Secret', created.secret, true]] : []}
      />
    </>
  );
}
