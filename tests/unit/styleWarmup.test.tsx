import { waitFor } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Button, Form, Input, Layout, Menu, Pagination, Select, Table } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../src/app/AppProviders';
import { STYLE_WARMUP_MARK, warmBackOfficeStyles } from '../../src/app/styleWarmup';

/**
 * The login page prepares antd's CSS for the back office's first screen (src/app/styleWarmup.tsx), so that
 * signing in does not wait for it. That only helps while the prepared styles have the same cache keys as
 * the ones the back office asks for under AppProviders: then rendering them adds no style to the page.
 */
describe('style warm-up', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('does nothing where the browser cannot say when it is idle', async () => {
    const before = document.head.querySelectorAll('style').length;
    const end = warmBackOfficeStyles();
    // Long enough for a tree to have rendered its first part, and antd to have written its styles.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(document.head.querySelectorAll('style')).toHaveLength(before);
    end();
  });

  it('prepares the styles of the first screen so that rendering it under the app providers adds none', async () => {
    // The warm-up is its own React root, stepping on idle callbacks outside any act(): as in the browser.
    // So is the check's render below, for the whole test: the warm-up's components still update after its mark.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    // jsdom has no idle callbacks; a browser's arrive when it has nothing else to do.
    vi.stubGlobal('requestIdleCallback', (task: () => void) => setTimeout(task, 0));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
    const end = warmBackOfficeStyles();
    await waitFor(() => expect(performance.getEntriesByName(STYLE_WARMUP_MARK)).toHaveLength(1));
    const prepared = document.head.querySelectorAll('style').length;
    expect(prepared).toBeGreaterThan(20);

    const check = createRoot(document.createElement('div'));
    flushSync(() =>
      check.render(
      <AppProviders>
        <Layout>
          <Layout.Sider>
            <Menu mode="inline" theme="dark" items={[{ key: 'crm', label: '客户管理', children: [{ key: 'customer', label: '客户' }] }]} />
          </Layout.Sider>
          <Layout.Content>
            <Form layout="inline">
              <Form.Item label="名称" name="name">
                <Input allowClear />
              </Form.Item>
              <Form.Item label="状态" name="status">
                <Select options={[{ value: 1, label: '启用' }]} />
              </Form.Item>
              <Button type="primary">查询</Button>
            </Form>
            <Table columns={[{ title: '名称', dataIndex: 'name' }]} dataSource={[{ key: 1, name: '星河科技' }]} pagination={false} />
            <Pagination total={100} showSizeChanger />
          </Layout.Content>
        </Layout>
      </AppProviders>,
      ),
    );
    expect(document.head.querySelectorAll('style')).toHaveLength(prepared);
    check.unmount();
    end();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  });
});
