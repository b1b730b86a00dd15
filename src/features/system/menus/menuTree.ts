import type { SystemMenuRow } from '@domain/system/menus.contracts';

/** 系统管理 → 菜单: the flat list of /system/menu/list as a tree, and the orders a move produces. */

export interface MenuTreeNode {
  key: number;
  row: SystemMenuRow;
  children: MenuTreeNode[];
}

/** Children in their sort order (the server's order: sort, then id). */
export function buildMenuTree(rows: readonly SystemMenuRow[]): MenuTreeNode[] {
  const byParent = new Map<number, SystemMenuRow[]>();
  for (const row of rows) byParent.set(row.parentId, [...(byParent.get(row.parentId) ?? []), row]);
  for (const list of byParent.values()) list.sort((a, b) => a.sort - b.sort || a.id - b.id);
  const build = (parentId: number, seen: Set<number>): MenuTreeNode[] =>
    (byParent.get(parentId) ?? [])
      .filter((row) => !seen.has(row.id))
      .map((row) => ({ key: row.id, row, children: build(row.id, new Set([...seen, row.id])) }));
  return build(0, new Set());
}

/** The ids of a parent's children in order. */
export function siblingIds(rows: readonly SystemMenuRow[], parentId: number): number[] {
  return rows
    .filter((r) => r.parentId === parentId)
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((r) => r.id);
}

/** The order after moving `id` one place up (-1) or down (+1); null when it is already at that end. */
export function shifted(ids: readonly number[], id: number, delta: -1 | 1): number[] | null {
  const at = ids.indexOf(id);
  const to = at + delta;
  if (at < 0 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[at], next[to]] = [next[to], next[at]];
  return next;
}

/** The order after dropping `id` just before (-1) or after (+1) `target`, both children of one parent. */
export function dropped(ids: readonly number[], id: number, target: number, side: -1 | 1): number[] {
  const rest = ids.filter((x) => x !== id);
  const at = rest.indexOf(target);
  if (at < 0) return [...ids];
  rest.splice(side < 0 ? at : at + 1, 0, id);
  return rest;
}

/** A menu and everything below it: where it may not be moved to. */
export function subtreeIds(rows: readonly SystemMenuRow[], id: number): Set<number> {
  const out = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of rows) {
      if (!out.has(r.id) && out.has(r.parentId)) {
        out.add(r.id);
        grew = true;
      }
    }
  }
  return out;
}
