import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Drawer, Empty, Input, Space, Spin, Tag, Tree, Typography } from 'antd';
import type { RoleGrants } from '@domain/system/roles.contracts';
import { fetchRoleGrants, saveRoleGrants } from '../roleMenuApi';
import { buildGrantTree, grantedLeaves, matchingKeys, normaliseChecked, parentKeys, postedIds, type GrantNode } from './grantTree';

export interface GrantTarget {
  id: number;
  name: string;
}

interface Props {
  /** The role whose grants are open; null = closed. */
  role: GrantTarget | null;
  /** The caller may look but not grant (they lack 分配权限). */
  readOnly?: boolean;
  onClose: () => void;
  /** After a successful save (the list refreshes nothing it shows, but a caller may want to). */
  onSaved?: () => void;
}

const DRAWER_WIDTH = 560;

/**
 * 分配权限: the menus and their actions as one checkable tree (half-checked parents), opened beside the
 * role list. What the caller may not grant stays greyed; a role read-only to the caller (a system role
 * for an organiser, a super role) is shown, not edited. Nothing is sent until 保存; a failed save keeps
 * every check as it was.
 */
export function RoleGrantDrawer({ role, readOnly = false, onClose, onSaved }: Props) {
  const { message } = App.useApp();
  const [grants, setGrants] = useState<RoleGrants | null>(null);
  const [failed, setFailed] = useState(false);
  const [checked, setChecked] = useState<string[]>([]);
  const [expanded, setExpanded] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const [saving, setSaving] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const roleId = role?.id;
  useEffect(() => {
    if (roleId === undefined) return;
    let live = true;
    setGrants(null);
    setFailed(false);
    setSearch('');
    fetchRoleGrants(roleId).then(
      (data) => {
        if (!live) return;
        setGrants(data);
        setChecked(grantedLeaves(data));
        // Top-level groups open, so the first look shows the areas and their pages.
        setExpanded(data.menus.filter((m) => m.parentId === 0).map((m) => `m${m.id}`));
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [roleId, attempt]);

  const editable = grants?.editable === true && !readOnly;
  const tree = useMemo(() => (grants ? buildGrantTree({ ...grants, editable }) : []), [grants, editable]);
  const matches = useMemo(() => matchingKeys(tree, search), [tree, search]);

  const onSearch = (text: string) => {
    setSearch(text);
    const found = matchingKeys(tree, text);
    if (found.size) setExpanded(parentKeys(tree).filter((k) => found.has(k)));
  };

  const counts = useMemo(() => {
    if (!grants) return { menus: 0, actions: 0 };
    const ids = postedIds(grants, checked);
    return { menus: ids.menuIds.length, actions: ids.actionIds.length };
  }, [grants, checked]);

  const save = async () => {
    if (!grants || !role) return;
    const { menuIds, actionIds } = postedIds(grants, checked);
    setSaving(true);
    try {
      message.success(await saveRoleGrants(role.id, menuIds, actionIds));
      onSaved?.();
      onClose();
    } catch {
      // Shown by the error mapper; the checks stay as they are.
    } finally {
      setSaving(false);
    }
  };

  const renderTitle = (node: GrantNode) => {
    const hit = search.trim() !== '' && node.title.includes(search.trim());
    return (
      <span>
        <span className={hit ? 'zbzj-grant-hit' : undefined} style={hit ? { color: 'var(--ant-color-primary, #1677ff)', fontWeight: 600 } : undefined}>
          {node.title}
        </span>
        {node.kind === 'action' && (
          <Tag variant="filled" style={{ marginInlineStart: 6 }}>
            操作
          </Tag>
        )}
        {node.hidden && (
          <Tag variant="filled" color="default" style={{ marginInlineStart: 6 }}>
            隐藏
          </Tag>
        )}
      </span>
    );
  };

  let content;
  if (failed) {
    content = (
      <Empty description="权限数据加载失败">
        <Button onClick={() => setAttempt((n) => n + 1)}>重试</Button>
      </Empty>
    );
  } else if (!grants) {
    content = (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin aria-label="加载中" />
      </div>
    );
  } else {
    content = (
      <>
        {!editable && (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            title={grants.isSuper ? '超级管理员角色拥有全部菜单与操作权限，无需分配。' : grants.editable ? '您没有「分配权限」的操作权限，只能查看。' : '系统角色只读：如需调整，请先复制为本单位的角色。'}
          />
        )}
        <Space wrap style={{ marginBottom: 8 }}>
          <Input.Search allowClear placeholder="搜索菜单或操作" aria-label="搜索菜单或操作" style={{ width: 220 }} value={search} onChange={(e) => onSearch(e.target.value)} />
          <Button onClick={() => setExpanded(parentKeys(tree))}>展开全部</Button>
          <Button onClick={() => setExpanded([])}>收起全部</Button>
          {editable && (
            <Typography.Text type="secondary">
              已选 {counts.menus} 个菜单、{counts.actions} 个操作
            </Typography.Text>
          )}
        </Space>
        {search.trim() && matches.size === 0 && <Typography.Paragraph type="secondary">没有名称含「{search.trim()}」的菜单或操作</Typography.Paragraph>}
        <Tree<GrantNode>
          checkable
          selectable={false}
          aria-label="菜单与操作权限"
          treeData={tree}
          titleRender={renderTitle}
          checkedKeys={checked}
          expandedKeys={expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          onCheck={(keys) => {
            if (!editable) return;
            const reported = (Array.isArray(keys) ? keys : keys.checked).map(String);
            setChecked((previous) => normaliseChecked(grants, previous, reported));
          }}
        />
      </>
    );
  }

  return (
    <Drawer
      title={role ? `分配权限：${role.name}` : '分配权限'}
      open={role !== null}
      size={DRAWER_WIDTH}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>{editable ? '取消' : '关闭'}</Button>
          {editable && (
            <Button type="primary" loading={saving} onClick={save}>
              保存
            </Button>
          )}
        </Space>
      }
    >
      {content}
    </Drawer>
  );
}
