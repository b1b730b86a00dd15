import type { GrantAction, GrantMenu, RoleGrants } from '@domain/system/roles.contracts';

/**
 * The grant tree of 分配权限: menus nest as they do in the side menu, and each menu's actions hang
 * below it as check boxes. A menu with actions also gets a 访问页面 box of its own — without it the
 * tree could not say "this page, but none of its buttons", since a parent's box only reflects its
 * children. Only leaves (访问页面, actions, menus without either) are stored as checked; parents are
 * checked or half-checked from them by the Tree itself.
 */

export interface GrantNode {
  key: string;
  title: string;
  /** Shown beside the title: 隐藏 for a hidden menu. */
  hidden?: boolean;
  kind: 'menu' | 'view' | 'action';
  disableCheckbox: boolean;
  children?: GrantNode[];
}

export const menuKey = (id: number) => `m${id}`;
export const viewKey = (id: number) => `v${id}`;
export const actionKey = (id: number) => `a${id}`;

export const VIEW_TITLE = '访问页面';

interface Index {
  menus: Map<number, GrantMenu>;
  children: Map<number, GrantMenu[]>;
  actionsOf: Map<number, GrantAction[]>;
}

function indexOf(grants: RoleGrants): Index {
  const menus = new Map(grants.menus.map((m) => [m.id, m]));
  const children = new Map<number, GrantMenu[]>();
  for (const m of grants.menus) children.set(m.parentId, [...(children.get(m.parentId) ?? []), m]);
  const actionsOf = new Map<number, GrantAction[]>();
  for (const a of grants.actions) actionsOf.set(a.menuId, [...(actionsOf.get(a.menuId) ?? []), a]);
  return { menus, children, actionsOf };
}

/** The Tree's data. Nothing is checkable when the role is read-only to the caller. */
export function buildGrantTree(grants: RoleGrants): GrantNode[] {
  const index = indexOf(grants);
  const locked = !grants.editable;
  const build = (menu: GrantMenu): GrantNode => {
    const actions = index.actionsOf.get(menu.id) ?? [];
    const kids = index.children.get(menu.id) ?? [];
    const children: GrantNode[] = [];
    if (actions.length) {
      children.push({ key: viewKey(menu.id), title: VIEW_TITLE, kind: 'view', disableCheckbox: locked || !menu.grantable });
      for (const a of actions) children.push({ key: actionKey(a.id), title: a.name, kind: 'action', disableCheckbox: locked || !a.grantable });
    }
    children.push(...kids.map(build));
    const node: GrantNode = { key: menuKey(menu.id), title: menu.menuName, kind: 'menu', disableCheckbox: locked || !menu.grantable };
    if (menu.hidden) node.hidden = true;
    if (children.length) node.children = children;
    return node;
  };
  return (index.children.get(0) ?? []).map(build);
}

/** Every key of the tree, for 展开全部. */
export function allKeys(nodes: readonly GrantNode[]): string[] {
  return nodes.flatMap((n) => [n.key, ...allKeys(n.children ?? [])]);
}

/** The keys of the nodes that have children (what 展开全部 needs to open). */
export function parentKeys(nodes: readonly GrantNode[]): string[] {
  return nodes.flatMap((n) => (n.children?.length ? [n.key, ...parentKeys(n.children)] : []));
}

/** The leaves the role holds now: 访问页面 of a granted menu with actions, a granted plain leaf menu, granted actions. */
export function grantedLeaves(grants: RoleGrants): string[] {
  const index = indexOf(grants);
  const keys: string[] = [];
  for (const m of grants.menus) {
    if (!m.granted) continue;
    if (index.actionsOf.get(m.id)?.length) keys.push(viewKey(m.id));
    else if (!index.children.get(m.id)?.length) keys.push(menuKey(m.id));
  }
  for (const a of grants.actions) if (a.granted) keys.push(actionKey(a.id));
  return keys;
}

const isLeafKey = (key: string) => key.startsWith('v') || key.startsWith('a');

/**
 * What the Tree reported as checked, down to the leaves we keep, with two rules of the grant model: an
 * action needs its page (checking one checks 访问页面), and unchecking 访问页面 unchecks the page's actions.
 */
export function normaliseChecked(grants: RoleGrants, previous: readonly string[], reported: readonly string[]): string[] {
  const index = indexOf(grants);
  const leafMenu = (key: string) => {
    const id = Number(key.slice(1));
    return key.startsWith('m') && !index.actionsOf.get(id)?.length && !index.children.get(id)?.length;
  };
  const next = new Set(reported.filter((k) => isLeafKey(k) || leafMenu(k)));
  const before = new Set(previous);
  for (const a of grants.actions) {
    const key = actionKey(a.id);
    const view = viewKey(a.menuId);
    if (!next.has(key) || next.has(view)) continue;
    const menu = index.menus.get(a.menuId);
    if (before.has(view)) {
      // 访问页面 was just unchecked: its buttons go with it (those the caller may change).
      for (const sibling of index.actionsOf.get(a.menuId) ?? []) if (sibling.grantable) next.delete(actionKey(sibling.id));
    } else if (menu?.grantable) {
      next.add(view);
    }
  }
  return [...next];
}

/**
 * The ids to post: the checked leaves' menus and actions, plus the ancestors of checked menus the caller
 * may grant (or the role already has), so an unchanged group is not reported as removed.
 */
export function postedIds(grants: RoleGrants, checked: readonly string[]): { menuIds: number[]; actionIds: number[] } {
  const index = indexOf(grants);
  const menuIds = new Set<number>();
  const actionIds: number[] = [];
  for (const key of checked) {
    const id = Number(key.slice(1));
    if (key.startsWith('a')) actionIds.push(id);
    else menuIds.add(id);
  }
  for (const id of [...menuIds]) {
    for (let parent = index.menus.get(id)?.parentId ?? 0; parent !== 0; parent = index.menus.get(parent)?.parentId ?? 0) {
      const menu = index.menus.get(parent);
      if (menu && (menu.grantable || menu.granted)) menuIds.add(parent);
    }
  }
  return { menuIds: [...menuIds].sort((a, b) => a - b), actionIds: actionIds.sort((a, b) => a - b) };
}

/** Nodes whose titles contain the text, with their ancestors (to expand), for the tree's search box. */
export function matchingKeys(nodes: readonly GrantNode[], text: string): Set<string> {
  const found = new Set<string>();
  const needle = text.trim();
  if (!needle) return found;
  const walk = (node: GrantNode): boolean => {
    let hit = node.title.includes(needle);
    for (const child of node.children ?? []) if (walk(child)) hit = true;
    if (hit) found.add(node.key);
    return hit;
  };
  for (const n of nodes) walk(n);
  return found;
}
