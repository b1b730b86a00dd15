import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Result, Spin, Typography } from 'antd';
import { ApiError } from '../../api/errors';
import type { UnsubscribeState } from '@domain/messaging/unsubscribe.contracts';
import { confirmUnsubscribe, fetchUnsubscribeState } from './api';

type State =
  | { status: 'loading' }
  | { status: 'refused'; message: string }
  | { status: 'failed' }
  | { status: 'ready'; data: UnsubscribeState }
  | { status: 'done' };

/**
 * /pre/unsubscribe?code=&sig=: where 「退订」 in a notice leads. Asks once, then the address the link was
 * sent to gets no more notices from this organiser; their own registration messages still arrive.
 */
export default function UnsubscribePage() {
  const [params] = useSearchParams();
  const code = (params.get('code') ?? '').trim();
  // Names the address the link was sent to: only that one is taken off (server/services/outbox/links.ts).
  const sig = (params.get('sig') ?? '').trim();
  const [state, setState] = useState<State>({ status: 'loading' });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    fetchUnsubscribeState(code, sig).then(
      (data) => alive && setState(data.unsubscribed ? { status: 'done' } : { status: 'ready', data }),
      (error: unknown) => {
        if (!alive) return;
        if (error instanceof ApiError && error.reason === 'code') setState({ status: 'refused', message: error.message });
        else setState({ status: 'failed' });
      },
    );
    return () => {
      alive = false;
    };
  }, [code, sig]);

  const confirm = async () => {
    setBusy(true);
    try {
      await confirmUnsubscribe(code, sig);
      setState({ status: 'done' });
    } catch (error) {
      if (error instanceof ApiError && error.reason === 'code') setState({ status: 'refused', message: error.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card style={{ maxWidth: 560, margin: '0 auto' }}>
      {state.status === 'loading' && (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      )}
      {state.status === 'refused' && <Result status="warning" title={state.message} subTitle="请使用通知邮件中的退订链接打开本页。" />}
      {state.status === 'failed' && <Result status="error" title="页面加载失败" subTitle="请检查网络后刷新本页。" />}
      {state.status === 'ready' && (
        <Result
          status="info"
          title="退订通知"
          subTitle={
            <Typography.Paragraph>
              退订后，收到此链接的邮箱（或手机号）将不再收到「{state.data.organiserName}」发送的活动通知（如「{state.data.activityName}」的通知）。
              您本人的登记确认、审核结果和入场二维码仍会照常发送。
            </Typography.Paragraph>
          }
          extra={
            <Button type="primary" danger loading={busy} onClick={() => void confirm()}>
              确认退订
            </Button>
          }
        />
      )}
      {state.status === 'done' && <Result status="success" title="已退订" subTitle="收到此链接的邮箱（或手机号）将不再收到该主办方的活动通知。" />}
    </Card>
  );
}
