import { useRef, useState } from 'react';
import { App, Button, Form, Input, Modal, Space, Tag, Tooltip, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { roleAdd, roleCopy, roleEdit, roleGrant, rolePage, roleRemove, type SystemRoleRow } from '@domain/system/roles.contracts';
import { PagedTable, type PagedTableHandle } from '@/components/PagedTable';
import { confirmAction } from '@/components/confirm';
import { MODAL_WIDTH } from '@/config/constants';
import { formatDateTime } from '@/lib/dateFormat';
import { roleCodeRules, roleNameRules, ROLE_CODE_MAX, ROLE_NAME_MAX, max255Rule, toAntdRule } from '@domain/core/validators';
import { useSession } from '@/stores/session';
import { addRole, copyRole, editRole, removeRole, type RoleForm } from '@/features/system/roleMenuApi';
import { RoleGrantDrawer, type GrantTarget } from '@/features/system/roles/RoleGrantDrawer';
import { validFormValues } from '@/components/validFormValues';

const REMARK_MAX = 255;

/**
 * 系统管理 → 角色. The shared system roles (marked 系统角色, read-only to an organiser, who may copy one
 * into their own and adjust that) and the organiser's own roles; the system admin sees and edits all.
 * 分配权限 opens the menu/action tree beside the list.
 */
export default function SystemRolePage() {
  const { message } = App.useApp();
  const table = useRef<PagedTableHandle>(null);
  const authorities = useSession((s) => s.authorities);
  const can = (contract: { authority: string }) => authorities.includes(contract.authority);
  const [editing, setEditing] = useState<SystemRoleRow | 'new' | null>(null);
  const [granting, setGranting] = useState<GrantTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<RoleForm>();

  const openForm = (row: SystemRoleRow | 'new') => {
    form.resetFields();
    if (row !== 'new') form.setFieldsValue({ name: row.name, code: row.code, remark: row.remark ?? '' });
    setEditing(row);
  };

  const submit = async () => {
    if (!editing) return;
    const values = await validFormValues<RoleForm>(form);
    if (!values) return;
    setBusy(true);
    try {
      const answer = editing === 'new' ? await addRole(values) : await editRole(editing.id, values);
      message.success(answer);
      setEditing(null);
      table.current?.reload();
    } catch {
      // Shown by the error mapper; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  const remove = async (row: SystemRoleRow) => {
    if (!(await confirmAction({ title: '确认删除', content: `确定删除角色「${row.name}」吗？此操作不可恢复！`, danger: true }))) return;
    try {
      message.success(await removeRole(row.id));
      table.current?.reload();
    } catch {
      // Shown by the error mapper (e.g. still held by users); the row stays.
    }
  };

  const copy = async (row: SystemRoleRow) => {
    if (!(await confirmAction({ content: `确定复制角色「${row.name}」吗？将新建「${row.name} 副本」，包含相同的菜单与操作权限。` }))) return;
    try {
      message.success(await copyRole(row.id));
      table.current?.reload();
    } catch {
      // Shown by the error mapper.
    }
  };

  const actions = (row: SystemRoleRow) => (
    <Space size={0}>
      {row.editable && can(roleEdit) && (
        <Button type="link" size="small" onClick={() => openForm(row)}>
          编辑
        </Button>
      )}
      {row.editable && !row.isSuper && can(roleGrant) ? (
        <Button type="link" size="small" onClick={() => setGranting({ id: row.id, name: row.name })}>
          分配权限
        </Button>
      ) : (
        <Button type="link" size="small" onClick={() => setGranting({ id: row.id, name: row.name })}>
          查看权限
        </Button>
      )}
      {can(roleCopy) && !(row.isSuper && !row.editable) && (
        <Button type="link" size="small" onClick={() => copy(row)}>
          复制
        </Button>
      )}
      {row.editable && can(roleRemove) && (
        <Button type="link" size="small" danger onClick={() => remove(row)}>
          删除
        </Button>
      )}
    </Space>
  );

  const columns: TableColumnsType<SystemRoleRow> = [
    {
      title: '角色名称',
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      width: 200,
      render: (name: string, row) => (
        <Space size={4} wrap>
          <span>{name}</span>
          {row.organiserId === null && (
            <Tooltip title={row.editable ? '所有主办单位共用' : '所有主办单位共用，只读；可复制为本单位的角色后调整'}>
              <Tag color="blue">系统角色</Tag>
            </Tooltip>
          )}
          {row.isSuper && <Tag color="gold">超级管理员</Tag>}
        </Space>
      ),
    },
    { title: '角色编码', dataIndex: 'code', key: 'code', sorter: true, width: 150 },
    { title: '所属单位', dataIndex: 'cgmc', key: 'cgmc', width: 180, ellipsis: true, render: (value: string | null) => value ?? '全部主办单位' },
    { title: '用户数', dataIndex: 'userCount', key: 'userCount', width: 80, align: 'right' },
    { title: '备注', dataIndex: 'remark', key: 'remark', width: 220, ellipsis: true, render: (value: string | null) => value || '-' },
    { title: '创建时间', dataIndex: 'createdAt', key: 'createdAt', sorter: true, width: 170, render: formatDateTime },
    { title: '操作', key: 'actions', width: 270, fixed: 'right', render: (_, row) => actions(row) },
  ];

  return (
    <>
      <PagedTable<SystemRoleRow>
        ref={table}
        url={rolePage.path}
        columns={columns}
        rowKey="id"
        scrollX={1270}
        searchFields={
          <Form.Item name="keyword" label="关键字">
            <Input allowClear placeholder="角色名称、编码或备注" maxLength={100} style={{ width: 240 }} />
          </Form.Item>
        }
        toolbar={
          can(roleAdd) && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm('new')}>
              新增
            </Button>
          )
        }
      />
      <Modal
        title={editing === 'new' ? '新增角色' : '编辑角色'}
        open={editing !== null}
        width={MODAL_WIDTH}
        okText="保存"
        cancelText="取消"
        okButtonProps={{ loading: busy }}
        onOk={submit}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false} onFinish={submit}>
          <Form.Item name="name" label="角色名称" rules={[toAntdRule(roleNameRules, { required: true })]}>
            <Input maxLength={ROLE_NAME_MAX} placeholder="例如：会务专员" />
          </Form.Item>
          <Form.Item
            name="code"
            label="角色编码"
            extra="字母开头，可含字母、数字和下划线；在本单位内唯一"
            rules={[toAntdRule(roleCodeRules, { required: true })]}
          >
            <Input maxLength={ROLE_CODE_MAX} placeholder="例如：meeting_staff" />
          </Form.Item>
          <Form.Item name="remark" label="备注" rules={[toAntdRule(max255Rule)]}>
            <Input.TextArea rows={3} maxLength={REMARK_MAX} showCount />
          </Form.Item>
        </Form>
      </Modal>
      <RoleGrantDrawer role={granting} readOnly={!can(roleGrant)} onClose={() => setGranting(null)} onSaved={() => table.current?.reload()} />
    </>
  );
}
