import { useEffect, useMemo, useState } from 'react';
import { App, Form, Input, Modal, Select, Space, Switch, TreeSelect } from 'antd';
import type { SystemMenuRow } from '@domain/system/menus.contracts';
import { MenuIcon, MENU_ICON_NAMES } from '@/components/MenuIcon';
import { MODAL_WIDTH } from '@/config/constants';
import {
  actionCodeRules,
  actionNameRules,
  MENU_CODE_MAX,
  MENU_NAME_MAX,
  MENU_PATH_MAX,
  menuCodeRules,
  menuNameRules,
  menuPathRules,
  requiredSelectRule,
  toAntdRule,
} from '@domain/core/validators';
import { addMenu, addMenuAction, editMenu, editMenuAction, type ActionForm, type MenuForm } from '../roleMenuApi';
import { buildMenuTree, subtreeIds, type MenuTreeNode } from './menuTree';
import { validFormValues } from '@/components/validFormValues';

const SCHEME_OPTIONS = [
  { value: '/', label: '页面（本系统）' },
  { value: 'https://', label: '外部链接 https://' },
  { value: 'http://', label: '外部链接 http://' },
];
const TARGET_OPTIONS = [
  { value: '_blank', label: '新窗口' },
  { value: '_self', label: '当前窗口' },
];
const ICON_OPTIONS = MENU_ICON_NAMES.map((name) => ({
  value: name,
  label: (
    <Space size={8}>
      <MenuIcon name={name} />
      <span>{name}</span>
    </Space>
  ),
}));
export const TOP_LEVEL = 0;
const ROW = { display: 'flex', gap: 16, alignItems: 'flex-start' } as const;

export type MenuEditing = { mode: 'add'; parentId: number } | { mode: 'edit'; row: SystemMenuRow };

interface MenuFormValues extends Omit<MenuForm, 'icon' | 'target'> {
  icon?: string;
  target?: string;
}

/** 新增/编辑菜单: parent, name, code, scheme and path, icon (from the layout's icon set), target, hidden. */
export function MenuFormModal({
  editing,
  rows,
  onClose,
  onSaved,
}: {
  editing: MenuEditing | null;
  rows: readonly SystemMenuRow[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<MenuFormValues>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.mode === 'edit') {
      const { row } = editing;
      form.setFieldsValue({
        parentId: row.parentId,
        menuName: row.menuName,
        menuCode: row.menuCode,
        scheme: row.scheme,
        path: row.path,
        icon: row.icon ?? undefined,
        target: row.target ?? undefined,
        hidden: row.hidden,
      });
    } else {
      form.setFieldsValue({ parentId: editing.parentId, scheme: '/', hidden: false });
    }
  }, [editing, form]);

  // A menu cannot move under itself or its own descendants.
  const parentTree = useMemo(() => {
    const blocked = editing?.mode === 'edit' ? subtreeIds(rows, editing.row.id) : new Set<number>();
    type Option = { value: number; title: string; disabled?: boolean; children?: Option[] };
    const toOption = (node: MenuTreeNode): Option => ({
      value: node.key,
      title: node.row.menuName,
      disabled: blocked.has(node.key),
      children: node.children.map(toOption),
    });
    return [{ value: TOP_LEVEL, title: '顶级菜单', children: buildMenuTree(rows).map(toOption) }];
  }, [rows, editing]);

  const submit = async () => {
    if (!editing) return;
    const values = await validFormValues<MenuFormValues>(form);
    if (!values) return;
    const payload: MenuForm = { ...values, icon: values.icon ?? null, target: values.target ?? null, hidden: values.hidden ?? false };
    setBusy(true);
    try {
      message.success(editing.mode === 'add' ? await addMenu(payload) : await editMenu(editing.row.id, payload));
      onSaved();
      onClose();
    } catch {
      // Shown by the error mapper; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={editing?.mode === 'edit' ? `编辑菜单：${editing.row.menuName}` : '新增菜单'}
      open={editing !== null}
      width={MODAL_WIDTH}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: busy }}
      onOk={submit}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item name="parentId" label="上级菜单" rules={[toAntdRule(requiredSelectRule('上级菜单'), { required: true })]}>
          <TreeSelect treeData={parentTree} treeDefaultExpandAll showSearch treeNodeFilterProp="title" />
        </Form.Item>
        <div style={ROW}>
          <Form.Item name="menuName" label="菜单名称" rules={[toAntdRule(menuNameRules, { required: true })]} style={{ flex: 1 }}>
            <Input maxLength={MENU_NAME_MAX} />
          </Form.Item>
          <Form.Item
            name="menuCode"
            label="菜单编码"
            rules={[toAntdRule(menuCodeRules, { required: true })]}
            extra="权限标识为 MENU_编码，修改后依赖原编码的权限会失效"
            style={{ flex: 1 }}
          >
            <Input maxLength={MENU_CODE_MAX} />
          </Form.Item>
        </div>
        <div style={ROW}>
          <Form.Item name="scheme" label="类型" rules={[toAntdRule(requiredSelectRule('类型'), { required: true })]} style={{ width: 200 }}>
            <Select options={SCHEME_OPTIONS} />
          </Form.Item>
          <Form.Item name="path" label="路径" rules={[toAntdRule(menuPathRules, { required: true })]} extra="页面如 /system/role/index；外部链接填写域名及路径" style={{ flex: 1 }}>
            <Input maxLength={MENU_PATH_MAX} />
          </Form.Item>
        </div>
        <div style={ROW}>
          <Form.Item name="icon" label="图标" style={{ flex: 1 }}>
            <Select allowClear showSearch placeholder="选择图标" options={ICON_OPTIONS} optionFilterProp="value" />
          </Form.Item>
          <Form.Item name="target" label="打开方式" style={{ width: 160 }}>
            <Select allowClear placeholder="默认" options={TARGET_OPTIONS} />
          </Form.Item>
          <Form.Item name="hidden" label="隐藏" valuePropName="checked">
            <Switch />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}

export type ActionEditing = { mode: 'add'; menu: SystemMenuRow } | { mode: 'edit'; menu: SystemMenuRow; action: SystemMenuRow['actions'][number] };

/** 新增/编辑操作 of a menu: its code (ACTION_编码) and name. */
export function ActionFormModal({ editing, onClose, onSaved }: { editing: ActionEditing | null; onClose: () => void; onSaved: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ActionForm>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing.mode === 'edit') form.setFieldsValue({ actionCode: editing.action.actionCode, name: editing.action.name });
    else form.setFieldsValue({ actionCode: `${editing.menu.menuCode}_` });
  }, [editing, form]);

  const submit = async () => {
    if (!editing) return;
    const values = await validFormValues<ActionForm>(form);
    if (!values) return;
    setBusy(true);
    try {
      message.success(editing.mode === 'add' ? await addMenuAction(editing.menu.id, values) : await editMenuAction(editing.action.id, values));
      onSaved();
      onClose();
    } catch {
      // Shown by the error mapper; the dialog keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={editing ? `${editing.mode === 'add' ? '新增' : '编辑'}操作：${editing.menu.menuName}` : '操作'}
      open={editing !== null}
      okText="保存"
      cancelText="取消"
      okButtonProps={{ loading: busy }}
      onOk={submit}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical">
        <Form.Item name="name" label="操作名称" rules={[toAntdRule(actionNameRules, { required: true })]}>
          <Input maxLength={MENU_NAME_MAX} placeholder="例如：导出" />
        </Form.Item>
        <Form.Item name="actionCode" label="操作编码" rules={[toAntdRule(actionCodeRules, { required: true })]} extra="权限标识为 ACTION_编码，按钮据此显示">
          <Input maxLength={MENU_CODE_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
