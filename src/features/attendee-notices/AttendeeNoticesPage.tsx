import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, Card, Empty, Result, Spin, Typography } from 'antd';
import { NotificationOutlined, QrcodeOutlined } from '@ant-design/icons';
import { ApiError } from '../../api/errors';
import type { AttendeeNotices } from '@domain/notices/notices.contracts';
import { fetchAttendeeNotices, personalCodePath } from './api';

type State =
  | { status: 'loading' }
  /** The server's answer for a code it does not know: shown as the page itself. */
  | { status: 'refused'; message: string }
  /** No answer (already toasted): the page offers to try again. */
  | { status: 'failed' }
  | { status: 'ready'; data: AttendeeNotices };

/**
 * /pre/notices?code=: what the organiser has published to the attendees of one activity (活动参会人员),
 * opened with the personal code of the attendee's QR code, without an account. Newest first.
 */
export default function AttendeeNoticesPage() {
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setState({ status: 'loading' });
    fetchAttendeeNotices(code).then(
      (data) => alive && setState({ status: 'ready', data }),
      (error: unknown) => {
        if (!alive) return;
        if (error instanceof ApiError && error.reason === 'code') setState({ status: 'refused', message: error.message });
        else setState({ status: 'failed' });
      },
    );
    return () => {
      alive = false;
    };
  }, [code, attempt]);

  useEffect(() => {
    if (state.status === 'ready') document.title = `活动通知 · ${state.data.activityName}`;
  }, [state]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <Card style={{ maxWidth: 720, margin: '0 auto' }}>
      {state.status === 'loading' && (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      )}
      {state.status === 'refused' && <Result status="warning" title={state.message} subTitle="请使用登记成功后页面上的链接或个人二维码打开本页，或联系主办方工作人员。" />}
      {state.status === 'failed' && (
        <Result
          status="error"
          title="通知加载失败"
          extra={
            <Button type="primary" onClick={retry}>
              重新加载
            </Button>
          }
        />
      )}
      {state.status === 'ready' && <NoticeList code={code} data={state.data} />}
    </Card>
  );
}

function NoticeList({ code, data }: { code: string; data: AttendeeNotices }) {
  return (
    <>
      <header style={{ marginBottom: 16 }}>
        <Typography.Text type="secondary">
          <NotificationOutlined /> 活动通知
        </Typography.Text>
        <Typography.Title level={4} style={{ margin: '4px 0 0' }}>
          {data.activityName}
        </Typography.Title>
      </header>
      {data.notices.length === 0 && <Empty description="主办方暂未发布通知" />}
      {data.notices.map((notice) => (
        <article key={notice.id} className="zb-attendee-notice" style={{ borderTop: '1px solid rgba(5, 5, 5, 0.06)', padding: '16px 0' }}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {notice.title}
          </Typography.Title>
          {notice.publishedAt && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              发布时间：{notice.publishedAt.slice(0, 16)}
            </Typography.Text>
          )}
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: '8px 0 0' }}>{notice.content}</Typography.Paragraph>
        </article>
      ))}
      <Link to={personalCodePath(code)}>
        <QrcodeOutlined /> 我的个人二维码
      </Link>
    </>
  );
}
