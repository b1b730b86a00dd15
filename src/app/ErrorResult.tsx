import { Button, Result } from 'antd';

/** What ErrorBoundary shows: in a chunk of its own, since antd's Result (with its illustrations) is not part of the first screen. */
export default function ErrorResult({ message }: { message: string }) {
  return (
    <Result
      status="error"
      title="抱歉，页面出错了"
      subTitle={message}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          刷新页面
        </Button>
      }
    />
  );
}
