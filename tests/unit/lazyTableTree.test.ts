import { describe, expect, it } from 'vitest';
import filterDropdownSource from 'antd/es/table/hooks/useFilter/FilterDropdown.js?raw';
import useSelectionSource from 'antd/es/table/hooks/useSelection.js?raw';
import * as selectionHelpers from '../../src/lib/rcTreeSelection';

/**
 * vite-plugins/lazyTableTree.ts keeps antd's Tree out of every list by pointing two of antd's own imports
 * elsewhere. An antd upgrade that moves them would quietly bring the tree back (or, for row selection,
 * ask for a helper the replacement lacks): these checks read the installed antd and say so first.
 */
describe("antd Table's imports of the tree, as the build plugin expects them", () => {
  it('row selection takes from @rc-component/tree only helpers that the replacement module offers', () => {
    const imported = /import\s*\{([^}]*)\}\s*from\s*'@rc-component\/tree'/.exec(useSelectionSource);
    expect(imported).not.toBeNull();
    const names = imported![1].split(',').map((name) => name.trim()).filter(Boolean);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(Object.keys(selectionHelpers)).toContain(name);
  });

  it("the column filter's dropdown takes the Tree from the path the plugin redirects", () => {
    expect(filterDropdownSource).toMatch(/import Tree from '\.\.\/\.\.\/\.\.\/tree';/);
  });

  it('adds a selected key once and removes it, leaving the given list as it was', () => {
    const selected = ['a', 'b'];
    expect(selectionHelpers.arrAdd(selected, 'c')).toEqual(['a', 'b', 'c']);
    expect(selectionHelpers.arrAdd(selected, 'a')).toEqual(['a', 'b']);
    expect(selectionHelpers.arrAdd(undefined, 'a')).toEqual(['a']);
    expect(selectionHelpers.arrDel(selected, 'a')).toEqual(['b']);
    expect(selectionHelpers.arrDel(selected, 'x')).toEqual(['a', 'b']);
    expect(selectionHelpers.arrDel(undefined, 'a')).toEqual([]);
    expect(selected).toEqual(['a', 'b']);
  });
});
