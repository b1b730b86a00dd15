import { useCallback, useEffect, useMemo, useState, type Key } from 'react';
import { App, Button, Card, Descriptions, Empty, Result, Space, Spin, Table, Tag, Tooltip, Tree, Typography, type TreeProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, PlusOutlined } from '@ant-design/icons';
import { MenuIcon } from '@/components/MenuIcon';
import { confirmAction, confirmDelete } from '@/components/confirm';
import { useSession } from '@/stores/session';
import { menuAdd, menuEdit, menuRemove, type SystemMenuRow } from '@domain/system/menus.contracts';
import { fetchMenus, removeMenu, removeMenuAction, setMenuHidden, sortMenus } from '@/features/system/roleMenuApi';
import { ActionFormModal, MenuFormModal, TOP_LEVEL, type ActionEditing, type MenuEditing } from '@/features/system/menus/MenuFormModal';
import { buildMenuTree, dropped, shifted, siblingIds, type MenuTreeNode } from '@/features/system/menus/menuTree';

const SCHEME_LABEL: Record<string, string> = { '/': '页面', 'https://': '外部链接', 'http://': '外部链接' };
const TARGET_LABEL: Record<string, string> = { _blank: '新窗口', _self: '当前窗口' };

interface TreeItem {
  key: number;
  title: string;
  row: SystemMenuRow;
  isLeaf: boolean;
  children: TreeItem[];
}

const toItems = (nodes: MenuTreeNode[]): TreeItem[] =>
  nodes.map((n) => ({ key: n.key, title: n.row.menuName, row: n.row, isLeaf: n.children.length === 0, children: toItems(n.children) }));

/**
 * 系统管理 → 菜单 (the system admin's alone): the menu tree on the left — drag a menu among its siblings
 * to reorder, or select it and use 上移/下移 (the keyboard way) — and the selected menu with its actions
 * on the right. Every change is saved at once and reaches each user at their next menu fetch.
 */
export default function SystemMenuPage() {
  const { message } = App.useApp();
  const authorities = useSession((s) => s.authorities);
  // An action's add, edit and remove need the same authorities as a menu's.
  const can = (contract: { authority: string }) => authorities.includes(contract.authority);
  const [rows, setRows] = useState<SystemMenuRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [expanded, setExpanded] = useState<Key[]>([]);
  const [menuEditing, setMenuEditing] = useState<MenuEditing | null>(null);
  const [actionEditing, setActionEditing] = useState<ActionEditing | null>(null);
  const [moving, setMoving] = useState(false);

  const load = useCallback(async () => {
    try {
      const data = await fetchMenus();
      setRows(data);
      setFailed(false);
      return data;
    } catch {
      setFailed(true);
      return null;
    }
  }, []);

  useEffect(() => {
    void load().then((data) => {
      if (data) setExpanded(data.filter((r) => r.parentId === TOP_LEVEL).map((r) => r.id));
    });
  }, [load]);

  const items = useMemo(() => toItems(buildMenuTree(rows ?? [])), [rows]);
  const current = rows?.find((r) => r.id === selected) ?? null;

  const reorder = async (parentId: number, ids: number[]) => {
    setMoving(true);
    try {
      message.success(await sortMenus(parentId, ids));
    } catch {
      // Shown by the error mapper; the reload below shows the order the server has.
    } finally {
      await load();
      setMoving(false);
    }
  };

  const move = (delta: -1 | 1) => {
    if (!rows || !current) return;
    const next = shifted(siblingIds(rows, current.parentId), current.id, delta);
    if (next) void reorder(current.parentId, next);
  };

  const allowDrop: TreeProps<TreeItem>['allowDrop'] = ({ dragNode, dropNode, dropPosition }) =>
    // Only between siblings: moving to another parent is an edit (上级菜单), where it can be checked.
    dropPosition !== 0 && dragNode.row.parentId === dropNode.row.parentId;

  const onDrop: TreeProps<TreeItem>['onDrop'] = (info) => {
    if (!rows || info.dropToGap === false) return;
    const drag = info.dragNode.row;
    const target = info.node.row;
    if (drag.parentId !== target.parentId || drag.id === target.id) return;
    const pos = info.node.pos.split('-');
    const side = info.dropPosition - Number(pos[pos.length - 1]) < 0 ? -1 : 1;
    const before = siblingIds(rows, drag.parentId);
    const next = dropped(before, drag.id, target.id, side);
    if (next.join() !== before.join()) void reorder(drag.parentId, next);
  };

  const remove = async () => {
    if (!current) return;
    if (!(await confirmAction({ title: '确认删除', content: `确定删除菜单「${current.menuName}」吗？它的操作和各角色对它的授权将一并删除，此操作不可恢复！`, danger: true }))) return;
    try {
      message.success(await removeMenu(current.id));
      setSelected(null);
    } catch {
      // Shown by the error mapper (e.g. it still has children).
    }
    await load();
  };

  const toggleHidden = async () => {
    if (!current) return;
    try {
      message.success(await setMenuHidden(current.id, !current.hidden));
    } catch {
      // Shown by the error mapper.
    }
    await load();
  };

  const removeAction = async (action: SystemMenuRow['actions'][number]) => {
    if (!(await confirmDelete({ irreversible: true }))) return;
    try {
      message.success(await removeMenuAction(action.id));
    } catch {
      // Shown by the error mapper.
    }
    await load();
  };

  if (failed && !rows) {
    return <Result status="warning" title="菜单加载失败" extra={<Button onClick={() => void load()}>重试</Button>} />;
  }
  if (!rows) {
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin aria-label="加载中" />
      </div>
    );
  }

  const siblings = current ? siblingIds(rows, current.parentId) : [];
  const index = current ? siblings.indexOf(current.id) : -1;

  return (
    <div style={{ display: 'flex', gap: 16, alignItems: 'flex-start', flexWrap: 'wrap' }}>
      <Card
        title="菜单树"
        size="small"
        style={{ flex: '1 1 360px', minWidth: 320 }}
        extra={
          can(menuAdd) && (
            <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setMenuEditing({ mode: 'add', parentId: TOP_LEVEL })}>
              新增顶级菜单
            </Button>
          )
        }
      >
        <Space style={{ marginBottom: 8 }} wrap>
          <Button size="small" onClick={() => setExpanded(rows.filter((r) => rows.some((c) => c.parentId === r.id)).map((r) => r.id))}>
            展开全部
          </Button>
          <Button size="small" onClick={() => setExpanded([])}>
            收起全部
          </Button>
          {can(menuEdit) && (
            <>
              <Tooltip title="在同级菜单中上移（也可拖动）">
                <Button size="small" icon={<ArrowUpOutlined />} disabled={!current || index <= 0 || moving} onClick={() => move(-1)}>
                  上移
                </Button>
              </Tooltip>
              <Tooltip title="在同级菜单中下移（也可拖动）">
                <Button size="small" icon={<ArrowDownOutlined />} disabled={!current || index < 0 || index >= siblings.length - 1 || moving} onClick={() => move(1)}>
                  下移
                </Button>
              </Tooltip>
            </>
          )}
        </Space>
        {items.length === 0 ? (
          <Empty description="暂无菜单" />
        ) : (
          <Tree<TreeItem>
            aria-label="菜单树"
            blockNode
            showIcon
            draggable={can(menuEdit) && !moving ? { icon: false } : false}
            allowDrop={allowDrop}
            onDrop={onDrop}
            treeData={items}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys)}
            selectedKeys={selected === null ? [] : [selected]}
            onSelect={(keys) => setSelected(keys.length ? Number(keys[0]) : null)}
            titleRender={(item) => (
              <Space size={6}>
                <MenuIcon name={item.row.icon} />
                <span>{item.row.menuName}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {item.row.menuCode}
                </Typography.Text>
                {item.row.hidden && <Tag variant="filled">隐藏</Tag>}
              </Space>
            )}
          />
        )}
      </Card>
      <Card
        title={current ? `菜单：${current.menuName}` : '菜单详情'}
        size="small"
        style={{ flex: '2 1 480px', minWidth: 360, position: 'sticky', top: 16 }}
        extra={
          current && (
            <Space size={4} wrap>
              {can(menuAdd) && (
                <Button size="small" onClick={() => setMenuEditing({ mode: 'add', parentId: current.id })}>
                  新增子菜单
                </Button>
              )}
              {can(menuEdit) && (
                <Button size="small" onClick={() => setMenuEditing({ mode: 'edit', row: current })}>
                  编辑
                </Button>
              )}
              {can(menuEdit) && (
                <Button size="small" onClick={toggleHidden}>
                  {current.hidden ? '显示' : '隐藏'}
                </Button>
              )}
              {can(menuRemove) && (
                <Button size="small" danger onClick={remove}>
                  删除
                </Button>
              )}
            </Space>
          )
        }
      >
        {!current ? (
          <Empty description="在左侧选择一个菜单查看和编辑" />
        ) : (
          <>
            <Descriptions size="small" column={2} bordered>
              <Descriptions.Item label="菜单编码">{current.menuCode}</Descriptions.Item>
              <Descriptions.Item label="上级菜单">{rows.find((r) => r.id === current.parentId)?.menuName ?? '顶级菜单'}</Descriptions.Item>
              <Descriptions.Item label="类型">{SCHEME_LABEL[current.scheme] ?? current.scheme}</Descriptions.Item>
              <Descriptions.Item label="路径">{current.scheme === '/' ? current.path : current.scheme + current.path}</Descriptions.Item>
              <Descriptions.Item label="图标">
                {current.icon ? (
                  <Space size={6}>
                    <MenuIcon name={current.icon} />
                    {current.icon}
                  </Space>
                ) : (
                  '-'
                )}
              </Descriptions.Item>
              <Descriptions.Item label="打开方式">{current.target ? (TARGET_LABEL[current.target] ?? current.target) : '默认'}</Descriptions.Item>
              <Descriptions.Item label="状态">{current.hidden ? <Tag>隐藏</Tag> : <Tag color="green">显示</Tag>}</Descriptions.Item>
              <Descriptions.Item label="排序">{current.sort}</Descriptions.Item>
            </Descriptions>
            <Space style={{ display: 'flex', justifyContent: 'space-between', margin: '16px 0 8px' }}>
              <Typography.Title level={5} style={{ margin: 0 }}>
                操作权限
              </Typography.Title>
              {can(menuAdd) && (
                <Button size="small" icon={<PlusOutlined />} onClick={() => setActionEditing({ mode: 'add', menu: current })}>
                  新增操作
                </Button>
              )}
            </Space>
            <Table
              size="small"
              rowKey="id"
              pagination={false}
              aria-label="操作权限列表"
              dataSource={current.actions}
              locale={{ emptyText: '该菜单没有操作' }}
              columns={[
                { title: '操作名称', dataIndex: 'name', key: 'name' },
                { title: '操作编码', dataIndex: 'actionCode', key: 'actionCode', render: (code: string) => <Typography.Text code>{code}</Typography.Text> },
                {
                  title: '操作',
                  key: 'ops',
                  width: 130,
                  render: (_, action) => (
                    <Space size={4}>
                      {can(menuEdit) && (
                        <Button type="link" size="small" onClick={() => setActionEditing({ mode: 'edit', menu: current, action })}>
                          编辑
                        </Button>
                      )}
                      {can(menuRemove) && (
                        <Button type="link" size="small" danger onClick={() => removeAction(action)}>
                          删除
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]}
            />
          </>
        )}
      </Card>
      <MenuFormModal editing={menuEditing} rows={rows} onClose={() => setMenuEditing(null)} onSaved={() => void load()} />
      <ActionFormModal editing={actionEditing} onClose={() => setActionEditing(null)} onSaved={() => void load()} />
    </div>
  );
}
