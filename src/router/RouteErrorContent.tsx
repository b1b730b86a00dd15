import { Button, Result } from 'antd';
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router-dom';
import { CHUNK_TIMEOUT_MESSAGE } from './lazy';

/**
 * What a route shows when its loader or its page throws (including a page chunk that timed out). It uses
 * the icon-only Result, and is loaded on demand (RouteErrorView), so the entry chunk carries no antd.
 */
export default function RouteErrorContent() {
  const error = useRouteError();
  const navigate = useNavigate();
  let title = '抱歉，服务器出错了';
  let detail: string | undefined;
  if (isRouteErrorResponse(error)) {
    title = error.status === 404 ? '抱歉，您访问的页面不存在或仍在开发中' : title;
    detail = `${error.status} ${error.statusText}`;
  } else if (error instanceof Error) {
    title = error.message === CHUNK_TIMEOUT_MESSAGE ? CHUNK_TIMEOUT_MESSAGE : '抱歉，页面出错了';
    detail = error.message === CHUNK_TIMEOUT_MESSAGE ? undefined : error.message;
  }
  return (
    <Result
      status="error"
      title={title}
      subTitle={detail}
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          返回首页
        </Button>
      }
    />
  );
}
