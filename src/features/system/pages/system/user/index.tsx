import { useEffect, useRef, useState } from 'react';
import { App, Button, Dropdown, Form, Input, Modal, Select, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { DownOutlined, PlusOutlined } from '@ant-design/icons';
import { KHLX_ORGANISER } from '@domain/session/session.contracts';
import {
  USER_STATUS,
  userAdd,
  userGrantScope,
  userPage,
  userRemove,
  userResetPassword,
  userUpdateStatus,
  type AssignableRole,
  type SystemUserRow,
  type TemporaryPassword,
} from '@domain/system/users.contracts';
import { PagedTable, type PagedTableHandle } from '@/components/PagedTable';
import { StatusTag } from '@/components/StatusTag';
import { confirmAction } from '@/components/confirm';
import { MODAL_WIDTH } from '@/config/constants';
import { formatDateTime } from '@/lib/dateFormat';
import { requiredTextRule, toAntdRule } from '@domain/core/validators';
import { useSession } from '@/stores/session';
import {
  approveUser,
  fetchAssignableRoles,
  findUserRow,
  rejectUser,
  removeUser,
  resetUserPassword,
  setUserStatus,
  USER_STATUS_OPTIONS,
} from '@/features/system/api';
import { OneTimeSecret } from '@/features/system/components/OneTimeSecret';
import { RoleAssignModal, ScopeGrantModal, UserFormModal } from '@/features/system/components/UserDialogs';

const REMARK_MAX = 255;
const remarkRule = toAntdRule(requiredTextRule({ message: '请输入驳回原因', max: REMARK_MAX }));

/**
 * 系统管理 → 用户: the accounts the caller manages — every organiser's for the system admin, their own
 * organiser's for an organiser's administrator (the server decides). New registrations wait here as
 * 待审核 until approved (通过) or rejected (驳回, with a reason); accounts are created, edited, removed,
 * switched off and on, get a temporary password (重置密码, shown once), roles and authorised projects
 * and activities, each behind its action authority.
 */
export default function SystemUserPage() {
  const { message } = App.useApp();
  const table = useRef<PagedTableHandle>(null);
  const authorities = useSession((s) => s.authorities);
  const canEdit = authorities.includes(userUpdateStatus.authority);
  const canAdd = authorities.includes(userAdd.authority);
  const canRemove = authorities.includes(userRemove.authority);
  const canReset = authorities.includes(userResetPassword.authority);
  const canGrant = authorities.includes(userGrantScope.authority);
  const myId = useSession((s) => s.user?.userId);
  const [rejecting, setRejecting] = useState<SystemUserRow | null>(null);
  const [busy, setBusy] = useState(false);
  const [rejectForm] = Form.useForm<{ remark: string }>();
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<SystemUserRow | null>(null);
  const [assigning, setAssigning] = useState<SystemUserRow | null>(null);
  const [granting, setGranting] = useState<SystemUserRow | null>(null);
  /** The account just created, whose 授权项目/活动 opens once its temporary password (if any) is closed. */
  const [created, setCreated] = useState<SystemUserRow | null>(null);
  const [grantingNew, setGrantingNew] = useState(false);
  const [temporary, setTemporary] = useState<TemporaryPassword | null>(null);
  const [roleFilter, setRoleFilter] = useState<AssignableRole[]>([]);

  useEffect(() => {
    let live = true;
    fetchAssignableRoles().then(
      (roles) => live && setRoleFilter(roles),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  const saved = (text: string) => {
    message.success(text);
    table.current?.reload();
  };

  const resetPassword = async (row: SystemUserRow) => {
    const ok = await confirmAction({
      title: '重置密码',
      content: `确定重置 ${row.username}（${row.nickName}）的密码吗？将生成一次性临时密码，该用户当前的登录会立即失效，下次登录时须修改密码。`,
      danger: true,
    });
    if (!ok) return;
    try {
      setTemporary(await resetUserPassword(row.id));
      table.current?.reload();
    } catch {
      // Shown by the error mapper; the password is unchanged.
    }
  };

  const remove = async (row: SystemUserRow) => {
    const ok = await confirmAction({ title: '确认删除', content: `确定删除用户 ${row.username}（${row.nickName}）吗？此操作不可恢复！`, danger: true });
    if (!ok) return;
    try {
      saved(await removeUser(row.id));
    } catch {
      // Shown by the error mapper (e.g. the records the account still owns); the row stays.
    }
  };

  const manageMenu = (row: SystemUserRow) => {
    const grant = () => (setGrantingNew(false), setGranting(row));
    const items = [
      canEdit && { key: 'edit', label: '编辑', onClick: () => (setEditing(row), setFormOpen(true)) },
      canGrant && { key: 'roles', label: '分配角色', onClick: () => setAssigning(row) },
      canGrant && { key: 'scope', label: '授权项目/活动', onClick: grant },
      canReset && row.id !== myId && row.status === USER_STATUS.active && { key: 'reset', label: '重置密码', onClick: () => void resetPassword(row) },
      canRemove && row.id !== myId && { key: 'remove', label: '删除', danger: true, onClick: () => void remove(row) },
    ].filter((item) => item !== false);
    if (!items.length) return null;
    return (
      <Dropdown menu={{ items }} trigger={['click']}>
        <Button type="link" size="small" aria-label={`管理 ${row.username}`}>
          管理 <DownOutlined />
        </Button>
      </Dropdown>
    );
  };

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

  const actions = (row: SystemUserRow) => (
    <Space size={4}>
      {statusActions(row)}
      {row.status !== USER_STATUS.pending && row.status !== USER_STATUS.rejected && manageMenu(row)}
    </Space>
  );

  const statusActions = (row: SystemUserRow) => {
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
      title: '角色',
      dataIndex: 'roles',
      key: 'roles',
      width: 180,
      render: (roles: SystemUserRow['roles']) => (roles.length ? roles.map((r) => <Tag key={r.id}>{r.name}</Tag>) : <Tag color="warning">未分配</Tag>),
    },
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
        if (row.status === USER_STATUS.rejected && row.reviewRemark) return <Tooltip title={`驳回原因：${row.reviewRemark}`}>{tag}</Tooltip>;
        return row.mustChangePassword ? (
          <Space size={2}>
            {tag}
            <Tooltip title="已重置密码，等待用户登录后修改">
              <Tag color="orange">待改密</Tag>
            </Tooltip>
          </Space>
        ) : (
          tag
        );
      },
    },
    { title: '注册时间', dataIndex: 'createdAt', key: 'createdAt', sorter: true, width: 170, render: formatDateTime },
    { title: '操作', key: 'actions', width: 190, fixed: 'right', render: (_, row) => actions(row) },
  ];

  return (
    <>
      <PagedTable<SystemUserRow>
        ref={table}
        url={userPage.path}
        columns={columns}
        rowKey="id"
        scrollX={1400}
        toolbar={
          canAdd ? (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
            >
              新增
            </Button>
          ) : undefined
        }
        defaultSort={{ sort: 'createdAt', order: 'desc' }}
        searchFields={
          <>
            <Form.Item name="keyword" label="关键字">
              <Input allowClear placeholder="用户名、姓名、手机号或主办单位" maxLength={100} style={{ width: 260 }} />
            </Form.Item>
            <Form.Item name="status" label="状态">
              <Select allowClear placeholder="全部" style={{ width: 140 }} options={[...USER_STATUS_OPTIONS]} />
            </Form.Item>
            <Form.Item name="roleId" label="角色">
              <Select allowClear placeholder="全部" style={{ width: 160 }} options={roleFilter.map((r) => ({ value: r.id, label: r.name }))} />
            </Form.Item>
          </>
        }
      />
      <UserFormModal
        open={formOpen}
        editing={editing}
        onClose={() => setFormOpen(false)}
        grantsNext={canGrant}
        onSaved={(text, temp, username) => {
          setFormOpen(false);
          saved(text);
          if (temp) setTemporary(temp);
          // A new account sees nothing until it is granted projects: offer it at once.
          if (canGrant && username) {
            findUserRow(username).then(
              (row) => {
                if (!row) return;
                setGrantingNew(true);
                if (temp) setCreated(row);
                else setGranting(row);
              },
              () => undefined,
            );
          }
        }}
      />
      <RoleAssignModal
        target={assigning}
        onClose={() => setAssigning(null)}
        onSaved={(text) => {
          setAssigning(null);
          saved(text);
        }}
      />
      <ScopeGrantModal
        target={granting}
        justCreated={grantingNew}
        onClose={() => (setGranting(null), setGrantingNew(false))}
        onSaved={(text) => {
          setGranting(null);
          setGrantingNew(false);
          saved(text);
        }}
      />
      <OneTimeSecret
        title="临时密码"
        open={temporary !== null}
        onClose={() => {
          setTemporary(null);
          if (created) setGranting(created);
          setCreated(null);
        }}
        intro={<>请将以下临时密码告知用户 {temporary?.username}。该用户使用它登录后，须先修改密码才能继续使用系统。</>}
        rows={temporary ? [['用户名', temporary.username, false], ['临时密码', temporary.password, true]] : []}
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
