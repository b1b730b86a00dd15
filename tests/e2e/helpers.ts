import { expect, type Page } from '@playwright/test';

export const accounts = {
  admin: { username: 'admin', password: 'admin123456' },
  demo: { username: 'demo', password: 'demo123456' },
  edu: { username: 'edu', password: 'edu123456' },
} as const;

/** Fills the login form that is on screen and submits it. */
export async function submitLogin(page: Page, username: string, password: string) {
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

export async function signIn(page: Page, who: keyof typeof accounts) {
  await page.goto('user/login');
  await submitLogin(page, accounts[who].username, accounts[who].password);
  await expect(page).toHaveURL(/\/zbzj\/yx\/sysActivity\/index$/);
}

export function tableRows(page: Page) {
  return page.locator('.ant-table-tbody tr.ant-table-row');
}
