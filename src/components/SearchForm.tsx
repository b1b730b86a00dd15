import type { ReactNode } from 'react';
import { Button, Form, Space } from 'antd';

export type SearchValues = Record<string, unknown>;

/**
 * The search bar above a table: the page's filter fields plus 查询 and 重置. 重置 clears the fields and
 * searches again with no filters.
 */
export function SearchForm(props: { children: ReactNode; onSearch(values: SearchValues): void }) {
  const [form] = Form.useForm<SearchValues>();
  return (
    <Form form={form} layout="inline" onFinish={props.onSearch} style={{ marginBottom: 16, rowGap: 12 }}>
      {props.children}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              props.onSearch({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
