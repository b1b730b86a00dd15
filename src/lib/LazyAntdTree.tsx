import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * antd's Tree as its Table's filter dropdown gets it (see vite-plugins/lazyTableTree.ts): fetched when a
 * column filter with filterMode 'tree' first renders one. No page has such a filter; without this every
 * list's first load carried the tree's code (14 KB) for it.
 */
const Tree = lazy(() => import('antd/es/tree'));

export default function LazyAntdTree(props: ComponentProps<typeof Tree>) {
  // The dropdown's other parts (search box, buttons) stay; only the tree waits for its code.
  return (
    <Suspense fallback={null}>
      <Tree {...props} />
    </Suspense>
  );
}
