import { useEffect, useState } from 'react';
import { Alert, Checkbox, Empty, Form, Input, Modal, Spin, Tag, Typography } from 'antd';
import type { AssignableRole, SystemUserRow, TemporaryPassword, UserGrantTree } from '@domain/system/users.contracts';
import { MODAL_WIDTH } from '@/config/constants';
import {
  emailRule,
  mobileRule,
  nickNameRules,
  newPasswordRules,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  textLengthRule,
  toAntdRule,
  usernameRules,
} from '@domain/core/validators';
import { addUser, editUser, fetchAssignableRoles, fetchUserGrants, grantUserRoles, grantUserScope, type UserForm } from '../api';
import { validFormValues } from '@/components/validFormValues';

/** Role checkboxes: the organiser's own roles are marked, so a shared system role is told apart. */
function roleOptions(roles: readonly AssignableRole[]) {
  return roles.map((role) => ({
    value: role.id,
    label: (
      <span title={role.remark ?? undefined}>
        {role.name}
        {role.organiserId === null ? null : (
          <Tag color="blue" style={{ marginInlineStart: 6 }}>
            本单位
          </Tag>
        )}
      </span>
    ),
  }));
}

function useRoles(open: boolean, userId?: number) {
  const [roles, setRoles] = useState<AssignableRole[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return;
    let live = true;
    setRoles(null);
    setFailed(false);
    fetchAssignableRoles(userId).then(
      (list) => live && setRoles(list),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [open, userId]);
  return { roles, failed };
}

export interface UserFormModalProps {
  /** null = 新增; a row = 编辑 it. */
  editing: SystemUserRow | null;
  open: boolean;
  onClose(): void;
  /** Saved: the message to show, for 新增 without a password the temporary one, and for 新增 the new username. */
  onSaved(message: string, temporary: TemporaryPassword | null, created?: string): void;
  /** 新增 goes on to 授权项目/活动 (the caller may grant): the dialog says so. */
  grantsNext?: boolean;
}

/** 新增 / 编辑 one account. The username is fixed once created; a blank password at 新增 makes a temporary one. */
export function UserFormModal({ editing, open, onClose, onSaved, grantsNext = false }: UserFormModalProps) {
  const [form] = Form.useForm<UserForm>();
  const [busy, setBusy] = useState(false);
  const creating = editing === null;
  const { roles, failed } = useRoles(open && creating);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue({ nickName: editing.nickName, lxdh: editing.lxdh ?? '', zw: editing.zw ?? '', mail: editing.mail ?? '' });
  }, [open, editing, form]);

  const submit = async () => {
    const values = await validFormValues<UserForm>(form);
    if (!values) return;
    setBusy(true);
    try {
      if (creating) {
        const temporary = await addUser(values);
        onSaved('用户已创建', temporary, values.username?.trim());
      } else {
        onSaved(await editUser(editing.id, values), null);
      }
    } catch {
      // Shown by the error mapper; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={creating ? '新增用户' : `编辑用户 ${editing.username}`}
      open={open}
      width={MODAL_WIDTH}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: busy }}
      onOk={() => void submit()}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false} name="userForm">
        {creating && (
          <Form.Item name="username" label="用户名" rules={[toAntdRule(usernameRules, { required: true })]}>
            <Input maxLength={16} placeholder="3到16位字母或数字，用于登录" autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item name="nickName" label="姓名" rules={[toAntdRule([...nickNameRules, textLengthRule({ max: 50 })], { required: true })]}>
          <Input maxLength={50} placeholder="请输入姓名" />
        </Form.Item>
        <Form.Item name="lxdh" label="手机" rules={[toAntdRule(mobileRule)]}>
          <Input maxLength={11} placeholder="找回密码的短信将发往此号码" />
        </Form.Item>
        <Form.Item name="zw" label="职务" rules={[toAntdRule(textLengthRule({ max: 50 }))]}>
          <Input maxLength={50} placeholder="请输入职务" />
        </Form.Item>
        <Form.Item name="mail" label="邮箱" rules={[toAntdRule([emailRule, textLengthRule({ max: 100 })])]}>
          <Input maxLength={100} placeholder="请输入邮箱" />
        </Form.Item>
        {creating && (
          <>
            <Form.Item
              name="password"
              label="初始密码"
              extra="留空则生成临时密码（仅显示一次），用户首次登录时须修改密码"
              rules={[
                ({ getFieldValue }) => ({
                  validator: async () => {
                    const value = getFieldValue('password') as string | undefined;
                    if (!value) return;
                    for (const rule of newPasswordRules(() => ({ username: getFieldValue('username') }))) {
                      const error = rule(value);
                      if (error) throw new Error(error);
                    }
                  },
                }),
              ]}
            >
              <Input.Password placeholder={`${PASSWORD_MIN_LENGTH}到${PASSWORD_MAX_LENGTH}个字符，可留空`} autoComplete="new-password" />
            </Form.Item>
            <Form.Item name="roleIds" label="角色">
              {failed ? (
                <Alert type="error" showIcon title="角色加载失败，可稍后在“分配角色”中设置" />
              ) : roles === null ? (
                <Spin size="small" />
              ) : (
                <Checkbox.Group options={roleOptions(roles)} />
              )}
            </Form.Item>
            {grantsNext && (
              <Alert type="info" showIcon title="保存后接着为该用户授权项目/活动：未授权任何项目时，该用户登录后各列表都是空的。" />
            )}
          </>
        )}
      </Form>
    </Modal>
  );
}

export interface RoleAssignModalProps {
  target: SystemUserRow | null;
  onClose(): void;
  onSaved(message: string): void;
}

/** 分配角色: check the roles the account should hold; unchecking all signs it out everywhere. */
export function RoleAssignModal({ target, onClose, onSaved }: RoleAssignModalProps) {
  const open = target !== null;
  const { roles, failed } = useRoles(open, target?.id);
  const [checked, setChecked] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (target) setChecked(target.roles.map((r) => r.id));
  }, [target]);

  const submit = async () => {
    if (!target) return;
    setBusy(true);
    try {
      onSaved(await grantUserRoles(target.id, checked));
    } catch {
      // Shown by the error mapper; the selection stays.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={target ? `分配角色：${target.username}（${target.nickName}）` : '分配角色'}
      open={open}
      width={MODAL_WIDTH}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: busy, disabled: roles === null }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {failed ? (
        <Alert type="error" showIcon title="角色加载失败，请关闭后重试" />
      ) : roles === null ? (
        <Spin />
      ) : roles.length === 0 ? (
        <Empty description="暂无可分配的角色" />
      ) : (
        <>
          <Checkbox.Group value={checked} onChange={(values) => setChecked(values as number[])} options={roleOptions(roles)} />
          {checked.length === 0 && (
            <Alert style={{ marginTop: 16 }} type="warning" showIcon title="未选择任何角色：保存后该用户将立即退出登录，且登录后看不到任何菜单。" />
          )}
        </>
      )}
    </Modal>
  );
}

export interface ScopeGrantModalProps {
  target: SystemUserRow | null;
  /** Opened right after 新增: says why a new account needs it. */
  justCreated?: boolean;
  onClose(): void;
  onSaved(message: string): void;
}

/**
 * 授权项目/活动: the projects the account works on and, optionally, which of their activities. No
 * activity checked = every activity of the checked projects.
 */
export function ScopeGrantModal({ target, justCreated = false, onClose, onSaved }: ScopeGrantModalProps) {
  const [tree, setTree] = useState<UserGrantTree | null>(null);
  const [failed, setFailed] = useState(false);
  const [projectIds, setProjectIds] = useState<number[]>([]);
  const [activityIds, setActivityIds] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!target) return;
    let live = true;
    setTree(null);
    setFailed(false);
    fetchUserGrants(target.id).then(
      (loaded) => {
        if (!live) return;
        setTree(loaded);
        setProjectIds(loaded.projectIds);
        setActivityIds(loaded.activityIds);
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [target]);

  const toggleProject = (id: number, on: boolean) => {
    setProjectIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));
    // An activity of a project no longer authorised could never be seen: it goes with the project.
    if (!on && tree) {
      const gone = new Set(tree.projects.find((p) => p.id === id)?.activities.map((a) => a.id));
      setActivityIds((ids) => ids.filter((x) => !gone.has(x)));
    }
  };

  const submit = async () => {
    if (!target) return;
    setBusy(true);
    try {
      onSaved(await grantUserScope(target.id, projectIds, activityIds));
    } catch {
      // Shown by the error mapper; the selection stays.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={target ? `授权项目/活动：${target.username}（${target.nickName}）` : '授权项目/活动'}
      open={target !== null}
      width={MODAL_WIDTH}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: busy, disabled: tree === null }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {failed ? (
        <Alert type="error" showIcon title="授权信息加载失败，请关闭后重试" />
      ) : tree === null ? (
        <Spin />
      ) : tree.projects.length === 0 ? (
        <Empty description="该主办单位暂无项目" />
      ) : (
        <>
          {justCreated && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title="用户已创建。请勾选其负责的项目/活动：未授权前，该用户看不到任何项目和活动的数据。也可稍后在「管理 › 授权项目/活动」中设置。"
            />
          )}
          <Typography.Paragraph type="secondary">
            勾选项目即授权该项目；不勾选任何活动时可查看已授权项目的全部活动，勾选活动后仅可查看所勾选的活动。
          </Typography.Paragraph>
          <div style={{ maxHeight: 420, overflow: 'auto' }}>
            {tree.projects.map((project) => {
              const on = projectIds.includes(project.id);
              return (
                <div key={project.id} style={{ marginBottom: 12 }}>
                  <Checkbox checked={on} onChange={(e) => toggleProject(project.id, e.target.checked)}>
                    <Typography.Text strong>{project.name}</Typography.Text>
                  </Checkbox>
                  {project.activities.length > 0 && (
                    <div style={{ paddingInlineStart: 24, marginTop: 4 }}>
                      {project.activities.map((activity) => (
                        <Checkbox
                          key={activity.id}
                          disabled={!on}
                          checked={activityIds.includes(activity.id)}
                          onChange={(e) => setActivityIds((ids) => (e.target.checked ? [...ids, activity.id] : ids.filter((x) => x !== activity.id)))}
                          style={{ marginInlineEnd: 12 }}
                        >
                          {activity.name}
                        </Checkbox>
                      ))}
                    </div>
                  )}
                </div>
              );
            })}
          </div>
        </>
      )}
    </Modal>
  );
}
