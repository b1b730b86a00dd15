import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Button } from 'antd';
import { AppProviders } from '../../src/app/AppProviders';
import { feedback, TOAST_REGION_ID } from '../../src/lib/feedback';
import { PageHeading } from '../../src/layouts/PageHeading';
import { renderApp, user } from '../mocks/app';
import { resetSession, signInAs } from '../mocks/session';

/**
 * Where the user is (title, h1), the skip link, announced toasts. The focus given back after a
 * form or dialog closes needs the dialogs' closing animation, which jsdom never ends: tests/e2e/keyboard.spec.ts.
 */
describe('accessibility basics', () => {
  beforeEach(() => resetSession());
  afterEach(() => resetSession());

  it('names the login page in the document title and in its one <h1>', async () => {
    renderApp('/user/login');
    await waitFor(() => expect(document.title).toBe('登录 - 主办之家'));
    const headings = await screen.findAllByRole('heading', { level: 1 });
    expect(headings.map((h) => h.textContent)).toEqual(['登录']);
  });

  it('a public page that titles itself keeps one <h1>: the layout’s hidden one steps aside', async () => {
    renderApp('/htxx/zslogin');
    await waitFor(() => expect(document.title).toBe('展商登录 - 主办之家'));
    await screen.findByText('展商登录', { selector: 'h1:not([data-zb-page-heading])' });
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1));
  });

  it('the hidden <h1> is gone in the same turn as the page’s own appears: never two at once', async () => {
    function Frame() {
      const [main, setMain] = useState<HTMLElement | null>(null);
      return (
        <main ref={setMain}>
          <PageHeading within={main} />
          <div data-testid="page" />
        </main>
      );
    }
    const router = createMemoryRouter([{ path: '/', element: <Frame />, handle: { title: '套餐单信息' } }]);
    render(<RouterProvider router={router} />);
    await screen.findByRole('heading', { level: 1, name: '套餐单信息' });
    // Outside act() on purpose, as in a browser: act would flush a scheduled render too, and hide the
    // window this is about.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    try {
      const own = document.createElement('h1');
      own.textContent = '套餐单';
      screen.getByTestId('page').append(own);
      await Promise.resolve(); // the mutation observer's microtask, and nothing after it
      expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['套餐单']);
      // The hidden <h1> leaving is a mutation too: its observer's call comes a microtask later, still here.
      await new Promise((resolve) => setTimeout(resolve, 0));
    } finally {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
    }
  });

  it('names a menu page in the title and its one <h1>; the skip link moves the focus to the page', async () => {
    signInAs('admin');
    renderApp('/cnf/project/index');
    expect(await screen.findByPlaceholderText('请输入项目名称')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('项目列表 - 主办之家'));
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings.map((h) => h.textContent)).toEqual(['项目列表']);
    // The heading is inside the main region, which the skip link leads to.
    const main = screen.getByRole('main');
    expect(main).toContainElement(headings[0]);
    // The list is a region named after what it lists.
    expect(within(main).getByRole('region', { name: /列表$/ })).toBeInTheDocument();

    // The skip link is the first stop of Tab.
    (document.activeElement as HTMLElement | null)?.blur();
    await user.tab();
    const skip = screen.getByRole('link', { name: '跳到主要内容' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(main).toHaveFocus();
  });

  it('renders toasts into one polite live region that is there before any toast', async () => {
    render(
      <AppProviders>
        <Button onClick={() => feedback().message.success('保存成功')}>保存</Button>
      </AppProviders>,
    );
    const region = document.getElementById(TOAST_REGION_ID);
    expect(region).not.toBeNull();
    expect(region).toHaveAttribute('role', 'status');
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region?.querySelector('.ant-message-notice')).toBeNull();

    await user.click(screen.getByRole('button', { name: /保\s*存/ }));
    // Once, inside the region; the toast itself no longer interrupts as an alert.
    const toast = await within(region as HTMLElement).findByText('保存成功');
    expect(screen.getAllByText('保存成功')).toHaveLength(1);
    expect(toast.closest('.ant-message-notice')).not.toHaveAttribute('role', 'alert');
  });

});
