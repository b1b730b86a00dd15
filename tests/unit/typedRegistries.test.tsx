import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES, isIconName, type IconName } from '@domain/core/menuIcons';
import { RESOURCES, type ResourceKey } from '@domain/registry';
import type { MenuEntry } from '@domain/resource/types';
import { MenuIcon, MENU_ICON_NAMES } from '@/components/MenuIcon';

describe('registry keys', () => {
  it('ResourceKey is the union of the definitions’ keys, so a misspelt key does not compile', () => {
    const known: ResourceKey = 'person';
    // @ts-expect-error a key no definition has
    const misspelt: ResourceKey = 'persons';
    expect(RESOURCES.map((def) => def.key)).toContain(known);
    expect(RESOURCES.map((def) => def.key)).not.toContain(misspelt);
  });

  it('every definition’s key is unique', () => {
    const keys = RESOURCES.map((def) => def.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('menu icon names', () => {
  it('a menu entry takes only a known icon name', () => {
    const known: MenuEntry['icon'] = 'TeamOutlined';
    // @ts-expect-error a name the icon map does not have
    const unknown: IconName = 'TeamOutline';
    expect(isIconName(known)).toBe(true);
    expect(isIconName(unknown)).toBe(false);
  });

  it('every resource menu names a known icon', () => {
    for (const def of RESOURCES) expect(ICON_NAMES, def.key).toContain(def.menu.icon);
  });

  it('the menu editor offers exactly the known names, without repeats', () => {
    expect(MENU_ICON_NAMES).toEqual(ICON_NAMES);
    expect(new Set(ICON_NAMES).size).toBe(ICON_NAMES.length);
  });

  it('draws every known name as its own icon, and a stored name outside them as the neutral icon of a menu without one', () => {
    const drawn = (name: string | null) => render(<MenuIcon name={name} />).container.innerHTML;
    const neutral = drawn(null);
    expect(drawn('AppstoreOutlined')).toBe(neutral);
    for (const name of ICON_NAMES.filter((n) => n !== 'AppstoreOutlined')) expect(drawn(name), name).not.toBe(neutral);
    expect(drawn('NoSuchOutlined')).toBe(neutral);
  });
});
