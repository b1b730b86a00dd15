import type { Authority } from '@domain/session/session.contracts';

/** Authority strings: `user`, `MENU_<menuCode>`, `ACTION_<actionCode>`. */
export const AUTHORITY_USER = 'user';
export const menuAuthority = (menuCode: string) => `MENU_${menuCode}`;
export const actionAuthority = (actionCode: string) => `ACTION_${actionCode}`;

export function authorityNames(authorities: readonly Authority[] | null | undefined): string[] {
  return (authorities ?? []).map((a) => a.authority);
}

export function hasAuthority(held: readonly string[], required: string | undefined): boolean {
  return required === undefined || held.includes(required);
}
