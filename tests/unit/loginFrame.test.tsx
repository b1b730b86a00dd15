import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loginToken } from '@domain/session/session.contracts';
import frameHtml from '../../vite-plugins/loginFrame.html?raw';
import submitCatcher from '../../vite-plugins/loginFrameSubmit.js?raw';
import { receivedParams } from '../mocks/handlers';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';
import { currentPath, renderApp } from '../mocks/app';

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
    template.innerHTML = frameHtml.replace(/%\w+Outlined%/g, '').replace('%BUILD_YEAR%', __BUILD_YEAR__);
    const painted = template.content.firstElementChild;
    expect(painted?.id).toBe('zb-login-frame');

    expect(outline(painted!)).toEqual(outline(rendered!));
    // Without its catcher a submit of the painted form does nothing, instead of sending the form (to this
    // address, with the password in it).
    expect(painted!.querySelector('form')?.getAttribute('method')).toBe('dialog');
  });
});

describe('a sign-in submitted on the painted form before the app has started', () => {
  beforeEach(() => resetSession());
  afterEach(() => {
    document.getElementById('zb-login-frame')?.remove();
    server.events.removeAllListeners();
  });

  /** login.html as the browser has it before the app's script: the frame, and the inline catcher run. */
  function paintLogin(): HTMLElement {
    document.body.insertAdjacentHTML('afterbegin', frameHtml.replace(/%\w+Outlined%/g, '').replace('%BUILD_YEAR%', __BUILD_YEAR__));
    // The same text login.html inlines (vite-plugins/loginFrame.ts), run as the browser runs it.
    new Function(submitCatcher)();
    return document.getElementById('zb-login-frame')!;
  }

  it('is kept, and the app signs in with the typed values once it mounts', async () => {
    const logins: Array<Record<string, string>> = [];
    server.events.on('request:start', async ({ request }) => {
      if (new URL(request.url).pathname.endsWith(loginToken.path)) logins.push(await receivedParams(request));
    });
    const frame = paintLogin();
    frame.querySelector<HTMLInputElement>('#username')!.value = 'admin';
    frame.querySelector<HTMLInputElement>('#password')!.value = 'admin123456';
    // Enter in a field and a click on 登录 both come as a submit of the form.
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    frame.querySelector('form')!.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(frame.querySelector('.zb-login-submit')).toHaveAttribute('aria-busy', 'true');

    const router = renderApp('/user/login');
    // The first visit of the activity list in this file: its code is transformed on the way.
    await screen.findByPlaceholderText('请输入活动名称', undefined, { timeout: 15_000 });
    expect(currentPath(router)).toBe('/yx/sysActivity/index');
    expect(logins).toHaveLength(1);
    expect(logins[0]).toMatchObject({ username: 'admin', password: 'admin123456', yhlx: '1' });
  });

  it('is not sent when nobody submitted the painted form', async () => {
    const logins: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.endsWith(loginToken.path)) logins.push(request.url);
    });
    const frame = paintLogin();
    frame.querySelector<HTMLInputElement>('#username')!.value = 'admin';
    const router = renderApp('/user/login');
    // In login.html React's first render replaces the painted form; here the frame stays beside the app, so
    // the typed value is looked for in the app's form alone (both forms show 'admin' once React has rendered).
    const appForm = await waitFor(() => {
      const form = [...document.querySelectorAll('form')].find((candidate) => !frame.contains(candidate));
      expect(form).toBeDefined();
      return form!;
    });
    expect(within(appForm).getByLabelText('用户名')).toHaveValue('admin');
    expect(currentPath(router)).toBe('/user/login');
    expect(logins).toHaveLength(0);
  });
});
