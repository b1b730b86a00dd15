import { memo, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import {
  App as AntApp,
  Avatar,
  Badge,
  Breadcrumb,
  Button,
  Checkbox,
  Col,
  ConfigProvider,
  DatePicker,
  Dropdown,
  Empty,
  Form,
  Input,
  Layout,
  Menu,
  Pagination,
  Popover,
  Row,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
} from 'antd';
import { whenIdle } from '../lib/loadable';
import { useSettings } from '../stores/settings';
import { themeFrom } from './theme';

/** Set when every part has rendered (tests/unit/styleWarmup.test.tsx waits for it). */
export const STYLE_WARMUP_MARK = 'zb-style-warmup-done';

/**
 * The antd components of the back office's first screen (main layout, menu, a list page's filters,
 * table and pager), a few per part. Their props do not matter: antd registers a component's styles
 * whenever it renders, whatever it shows.
 */
const PARTS: ReadonlyArray<() => ReactNode> = [
  () => (
    <Layout>
      <Layout.Sider />
      <Layout>
        <Layout.Header />
        <Layout.Content />
      </Layout>
    </Layout>
  ),
  () => (
    <>
      <Menu mode="inline" theme="dark" items={[{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }]} />
      <Menu mode="horizontal" items={[{ key: 'a', label: 'a' }]} />
    </>
  ),
  () => (
    <>
      <Breadcrumb items={[{ title: 'a' }, { title: 'b' }]} />
      <Avatar />
      <Badge count={1}>
        <span />
      </Badge>
      <Dropdown menu={{ items: [] }}>
        <span />
      </Dropdown>
      <Tooltip title="a">
        <span />
      </Tooltip>
      <Popover content="a">
        <span />
      </Popover>
    </>
  ),
  () => (
    <Form layout="inline">
      <Row>
        <Col span={6}>
          <Form.Item label="a" name="a">
            <Input allowClear />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary">a</Button>
        <Button>b</Button>
      </Space>
    </Form>
  ),
  () => (
    <>
      <Select allowClear options={[]} />
      <Checkbox />
    </>
  ),
  () => <DatePicker.RangePicker />,
  () => (
    <>
      <Tag color="success">a</Tag>
      <Tag color="blue">b</Tag>
      <Spin />
      <Empty />
    </>
  ),
  () => <Table rowSelection={{}} columns={[{ title: 'a', dataIndex: 'a' }]} dataSource={[]} pagination={false} />,
  () => <Pagination total={100} showSizeChanger showQuickJumper showTotal={(n) => n} />,
];

const Part = memo(function Part({ render }: { render: () => ReactNode }) {
  return render();
});

/** Renders one more part per idle period, so the login page never has a long task while the user types. */
function Warmup() {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= PARTS.length) {
      performance.mark(STYLE_WARMUP_MARK);
      return undefined;
    }
    return whenIdle(() => setShown((n) => n + 1), 0, 1000);
  }, [shown]);
  return PARTS.slice(0, shown).map((render, i) => <Part key={i} render={render} />);
}

/**
 * Generates, while the login page waits for the user, the CSS of the antd components the back office
 * shows first: antd writes its styles at a component's first render (CSS-in-JS), about 100 ms of script
 * and 600 KB of CSS text for the home page on a 2-core machine, which the sign-in would otherwise wait for.
 *
 * The components render into a detached element (nothing in the document, nothing for a screen reader
 * or a test to find) under the same theme as AppProviders; antd keeps a style in its cache while some
 * component uses it, so this tree stays mounted until `unmount` (the back office has rendered by then).
 * The theme's cssVar key is fixed (theme.ts) so that the two trees' styles share their cache keys.
 * Only where the browser says when it is idle (requestIdleCallback): elsewhere it could not keep out of
 * the way of the user's typing, and the back office makes its own styles as it always did. (jsdom has no
 * idle callbacks either: the test suites' login pages do not start a tree that outlives their test.)
 */
export function warmBackOfficeStyles(): () => void {
  if (!('requestIdleCallback' in window)) return () => undefined;
  const root = createRoot(document.createElement('div'));
  const settings = useSettings.getState().settings;
  root.render(
    <ConfigProvider theme={themeFrom(settings)}>
      <AntApp>
        <Warmup />
      </AntApp>
    </ConfigProvider>,
  );
  return () => root.unmount();
}
