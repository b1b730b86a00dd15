import type { ComponentType } from 'react';
import { useLocation } from 'react-router-dom';
import { resourceByMenuPath } from '@domain/registry';
import type { ResourceDef } from '@domain/resource/types';
import { ResourcePage } from './ResourcePage';

/**
 * The page of a resource's menu path (`<api>/index`) that has no page file of its own: the generic list
 * built from its definition. Links into it (`?code=…`) filter it, also when it is already open in a tab.
 */
const pages = new Map<string, ComponentType>();

function genericPage(def: ResourceDef): ComponentType {
  function GenericResourcePage() {
    const { search } = useLocation();
    return <ResourcePage def={def} linkSearch={search} />;
  }
  GenericResourcePage.displayName = `ResourcePage(${def.key})`;
  return GenericResourcePage;
}

/** The generic page of the resource behind a menu path, or null when no resource has that path. */
export function resourceMenuPage(path: string): ComponentType | null {
  const def = resourceByMenuPath(path);
  if (!def) return null;
  let page = pages.get(def.key);
  if (!page) {
    page = genericPage(def);
    pages.set(def.key, page);
  }
  return page;
}
