import { useEffect, type ReactNode } from 'react';
import { Button, Card, Result, Space, Spin, Typography } from 'antd';
import { CalendarOutlined, EnvironmentOutlined } from '@ant-design/icons';
import type { Remote } from '@/hooks/useRemote';
import './preRegistration.css';

/** `2026-12-08` or `2026-12-08 至 2026-12-11`. */
export function dateRange(srq: string | null, erq: string | null): string {
  if (!srq) return erq ?? '';
  return !erq || erq === srq ? srq : `${srq} 至 ${erq}`;
}

/** The page's own heading: whose event this is (the line above the title), and when and where it takes place. */
export function EventHeader({ above, title, dates, address }: { above?: string; title: string; dates?: string; address?: string | null }) {
  return (
    <header className="zb-prereg-head">
      {above && <Typography.Text type="secondary">{above}</Typography.Text>}
      <Typography.Title level={4} style={{ margin: '4px 0 8px' }}>
        {title}
      </Typography.Title>
      {(dates || address) && (
        <Space orientation="vertical" size={2}>
          {dates && (
            <Typography.Text type="secondary">
              <CalendarOutlined /> {dates}
            </Typography.Text>
          )}
          {address && (
            <Typography.Text type="secondary">
              <EnvironmentOutlined /> {address}
            </Typography.Text>
          )}
        </Space>
      )}
    </header>
  );
}

/** Sets the browser tab's title once the page knows whose event it shows (the route's title until then). */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}

/** Loading, the server's refusal, or a failure with 重试; the page itself once loaded. */
export function RemoteFrame<T>({
  state,
  retry,
  refusedHint,
  children,
}: {
  state: Remote<T>;
  retry: () => void;
  refusedHint: string;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'ready') return <>{children(state.data)}</>;
  return (
    <Card className="zb-prereg">
      {state.status === 'loading' && (
        <div className="zb-prereg-center" role="status">
          <Spin size="large" />
          <span>正在加载…</span>
        </div>
      )}
      {state.status === 'refused' && <Result status="warning" title={state.message} subTitle={refusedHint} />}
      {state.status === 'failed' && (
        <Result
          status="error"
          title="加载失败"
          subTitle={state.message}
          extra={
            <Button type="primary" onClick={retry}>
              重试
            </Button>
          }
        />
      )}
    </Card>
  );
}
