import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const FILTER_DROPDOWN = /node_modules\/antd\/es\/table\/hooks\/useFilter\/FilterDropdown\.js$/;
const USE_SELECTION = /node_modules\/antd\/es\/table\/hooks\/useSelection\.js$/;
const LAZY_TREE = fileURLToPath(new URL('../src/lib/LazyAntdTree.tsx', import.meta.url));
const SELECTION_HELPERS = fileURLToPath(new URL('../src/lib/rcTreeSelection.ts', import.meta.url));

/**
 * Keeps antd's Tree out of every page with a table. The Table imports it in two places:
 * - its column filters' filterMode 'tree' (FilterDropdown.js) renders a Tree inside the open dropdown:
 *   pointed at a wrapper that fetches the tree when it first renders one (no page has such a filter);
 * - its row selection (useSelection.js) takes four helpers from @rc-component/tree's index, which names
 *   the whole tree component: pointed at a module with just those helpers.
 * Everything else that imports the tree (the tree, tree-select and cascader pages) gets the real one.
 * Without this, every list's first load carried the tree's code (14 KB as transferred).
 */
export function lazyTableTree(): Plugin {
  return {
    name: 'zbzj:lazy-table-tree',
    enforce: 'pre',
    resolveId(source, importer) {
      const from = importer?.replaceAll('\\', '/');
      if (!from) return null;
      if (source === '../../../tree' && FILTER_DROPDOWN.test(from)) return LAZY_TREE;
      if (source === '@rc-component/tree' && USE_SELECTION.test(from)) return SELECTION_HELPERS;
      return null;
    },
  };
}
