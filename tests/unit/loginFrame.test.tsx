import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import frameHtml from '../../vite-plugins/loginFrame.html?raw';
import { resetSession } from '../mocks/session';
import { renderApp } from '../mocks/app';

/**
 * login.html paints the login page before any script runs (vite-plugins/loginFrame.ts) and React then
 * replaces it: the two must be the same page, or the user sees it jump. Compared element by element:
 * tag, classes, id and the attributes a user or the browser acts on, and the text.
 */
const COMPARED_ATTRIBUTES = ['class', 'id', 'placeholder', 'autocomplete', 'aria-label', 'type', 'href', 'alt'];

function outline(root: Element): string[] {
  const lines: string[] = [];
  const walk = (element: Element, depth: number) => {
    // Icons are compared by their place only: their paths come from the same icon definitions.
    if (element.tagName.toLowerCase() === 'svg') return;
    const attributes = COMPARED_ATTRIBUTES.map((name) => [name, element.getAttribute(name)] as const)
      .filter(([name, value]) => value !== null && !(name === 'id' && value === 'zb-login-frame'))
      .map(([name, value]) => `${name}=${value}`);
    const text = [...element.childNodes]
      .filter((node) => node.nodeType === Node.TEXT_NODE)
      .map((node) => node.textContent?.trim())
      .join('');
    lines.push(`${'  '.repeat(depth)}${element.tagName.toLowerCase()} ${attributes.join(' ')}${text ? ` “${text}”` : ''}`);
    for (const child of element.children) walk(child, depth + 1);
  };
  walk(root, 0);
  return lines;
}

describe('the login page painted from the HTML', () => {
  beforeEach(() => resetSession());

  it('is the page React renders, element for element', async () => {
    renderApp('/user/login');
    await screen.findByRole('button', { name: /登\s*录/ });
    const rendered = document.querySelector('.zb-auth');
    expect(rendered).not.toBeNull();

    const template = document.createElement('template');
    template.innerHTML = frameHtml.replace(/%\w+Outlined%/g, '');
    const painted = template.content.firstElementChild;
    expect(painted?.id).toBe('zb-login-frame');

    // The painted button only looks like the submit button: pressing Enter there must not send the
    // form (to this address, with the password in it) before React has taken over.
    const paintedOutline = outline(painted!).map((line) => line.replace('button class=zb-login-submit type=button', 'button class=zb-login-submit type=submit'));
    expect(paintedOutline).toEqual(outline(rendered!));
    expect(painted!.querySelector('form button[type="submit"]')).toBeNull();
  });
});
