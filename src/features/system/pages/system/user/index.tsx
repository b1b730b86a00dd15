import { useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Select, Space, Tooltip, type TableColumnsType } from 'antd';
import { KHLX_ORGANISER, USER_STATUS, type SystemUserRow } from '../../../../../shared/wire';
import { PagedTable, type PagedTableHandle } from '../../../../../components/PagedTable';
import { StatusTag } from '../../../../../components/StatusTag';
import { confirmAction } from '../../../../../components/confirm';
import { MODAL_WIDTH } from '../../../../../config/constants';
import { formatDateTime } from '../../../../../lib/dateFormat';
import { requiredTextRule, toAntdRule } from '../../../../../shared/validators';
import { useSession } from '../../../../../stores/session';
import {
  approveUser,
  rejectUser,
  setUserStatus,
  SYSTEM_USER_PAGE_URL,
  USER_EDIT_AUTHORITY,
  USER_STATUS_OPTIONS,
} from '../../../api';

const REMARK_MAX = 255;
const remarkRule = toAntdRule(requiredTextRule({ message: '请输入驳回原因', max: REMARK_MAX }));

/**
 * 系统管理 → 用户: every account of every organiser. New registrations wait here as 待审核 until the
 * admin approves (通过) or rejects them (驳回, with a reason); active accounts can be switched off and on.
 */
export default function SystemUserPage() {
  const { message } = App.useApp();
  const table = useRef<PagedTableHandle>(null);
  const canEdit = useSession((s) => s.authorities.includes(USER_EDIT_AUTHORITY));
  const myId = useSession((s) => s.user?.userId);
  const [rejecting, setRejecting] = useState<SystemUserRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [rejectForm] = Form.useForm<{ remark: string }>();

  const run = async (question: string, call: () => Promise<string>, danger = false) => {
    if (!(await confirmAction({ content: question, danger }))) return;
    try {
      message.success(await call());
      table.current?.reload();
    } catch {
      // Shown by the error mapper; the row keeps its state.
    }
  };

  const submitReject = async () => {
    if (!rejecting) return;
    let remark: string;
    try {
      ({ remark } = await rejectForm.validateFields());
    } catch {
      return;
    }
    setBusy(true);
    try {
      message.success(await rejectUser(rejecting.id, remark));
      setRejecting(null);
      table.current?.reload();
    } catch {
      // Shown by the error mapper; the dialog stays open with what was typed.
    } finally {
      setBusy(false);
    }
  };

  const actions = (row: SystemUserRow) => {
    if (!canEdit) return null;
    const who = `${row.username}（${row.cgmc}）`;
    switch (row.status) {
      case USER_STATUS.pending:
        return (
          <Space size={4}>
            <Button type="link" size="small" onClick={() => run(`确定通过 ${who}的注册申请吗？通过后该账户即可登录。`, () => approveUser(row.id))}>
              通过
            </Button>
            <Button
              type="link"
              size="small"
              danger
              onClick={() => {
                rejectForm.resetFields();
                setRejecting(row);
              }}
            >
              驳回
            </Button>
          </Space>
        );
      case USER_STATUS.active:
        return row.id === myId ? null : (
          <Button
            type="link"
            size="small"
            danger
            onClick={() => run(`确定停用 ${who}吗？停用后该账户将立即退出登录且无法再登录。`, () => setUserStatus(row.id, USER_STATUS.disabled), true)}
          >
            停用
          </Button>
        );
      case USER_STATUS.disabled:
        return (
          <Button type="link" size="small" onClick={() => run(`确定启用 ${who}吗？`, () => setUserStatus(row.id, USER_STATUS.active))}>
            启用
          </Button>
        );
      default:
        return null;
    }
  };

  const columns: TableColumnsType<SystemUserRow> = [
    { title: '主办单位', dataIndex: 'cgmc', key: 'cgmc', ellipsis: true, width: 240 },
    { title: '用户名', dataIndex: 'username', key: 'username', sorter: true, width: 130 },
    { title: '姓名', dataIndex: 'nickName', key: 'nickName', width: 110 },
    { title: '手机号', dataIndex: 'lxdh', key: 'lxdh', width: 130, render: (value: string | null) => value || '-' },
    {
      title: '类型',
      dataIndex: 'khlx',
      key: 'khlx',
      width: 110,
      render: (value: number) => (value === KHLX_ORGANISER ? '主办方员工' : '参赛用户'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      sorter: true,
      width: 100,
      render: (value: number, row) => {
        const tag = <StatusTag value={value} options={USER_STATUS_OPTIONS} />;
        return row.status === USER_STATUS.rejected && row.reviewRemark ? <Tooltip title={`驳回原因：${row.reviewRemark}`}>{tag}</Tooltip> : tag;
      },
    },
    { title: '注册时间', dataIndex: 'createdAt', key: 'createdAt', sorter: true, width: 170, render: formatDateTime },
    { title: '操作', key: 'actions', width: 130, fixed: 'right', render: (_, row) => actions(row) },
  ];

  return (
    <>
      <PagedTable<SystemUserRow>
        ref={table}
        url={SYSTEM_USER_PAGE_URL}
        columns={columns}
        rowKey="id"
        scrollX={1100}
        defaultSort={{ sort: 'createdAt', order: 'desc' }}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键字">
              <Input allowClear placeholder="用户名、姓名、手机号或主办单位" maxLength={100} style={{ width: 260 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select allowClear placeholder="全部" style={{ width: 140 }} options={[...USER_STATUS_OPTIONS]} />
            </Form.Item>
          </>
        }
      />
      <Modal
        title="驳回注册申请"
        open={rejecting !== null}
        width={MODAL_WIDTH}
        okText="驳回"
        okButtonProps={{ danger: true, loading: busy }}
        cancelText="取消"
        onOk={submitReject}
        onCancel={() => setRejecting(null)}
        destroyOnHidden
      >
        {rejecting && (
          <p>
            驳回 {rejecting.username}（{rejecting.cgmc}）的注册申请，驳回后该账户无法登录。
          </p>
        )}
        <Form form={rejectForm} layout="vertical" preserve={false}>
          <Form.Item name="remark" label="驳回原因" rules={[{ ...remarkRule, required: true }]}>
            <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount placeholder="请输入驳回原因" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
