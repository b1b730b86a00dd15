/**
 * What antd's Table row selection (table/hooks/useSelection.js) imports from @rc-component/tree, without
 * the package index (see vite-plugins/lazyTableTree.ts): the index names the whole tree component, so
 * every table would load it. The two key helpers come from the tree's own util.js, which also imports its
 * TreeNode component; they are small enough to keep here, with the same behaviour.
 */
import type { Key } from 'react';

export { conductCheck } from '@rc-component/tree/es/utils/conductUtil';
export { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';

/** `list` without `value` (a new array; none for no list). */
export function arrDel(list: readonly Key[] | undefined, value: Key): Key[] {
  if (!list) return [];
  const clone = list.slice();
  const index = clone.indexOf(value);
  if (index >= 0) clone.splice(index, 1);
  return clone;
}

/** `list` with `value` at the end unless already there (a new array). */
export function arrAdd(list: readonly Key[] | undefined, value: Key): Key[] {
  const clone = (list ?? []).slice();
  if (!clone.includes(value)) clone.push(value);
  return clone;
}
