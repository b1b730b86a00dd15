import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

/** The error pages; each offers 返回首页 (to /home, which leads on to the user's own home). */
export const EXCEPTION_TEXT = {
  403: '您没有访问该页面的权限',
  404: '抱歉，您访问的页面不存在或仍在开发中',
  500: '抱歉，服务器出错了',
} as const;

export type ExceptionStatus = keyof typeof EXCEPTION_TEXT;

/** `detail` says more where it is known (e.g. which page was refused). */
export function ExceptionView({ status, detail }: { status: ExceptionStatus; detail?: string }) {
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={
        detail ? (
          <>
            <div>{EXCEPTION_TEXT[status]}</div>
            <div>{detail}</div>
          </>
        ) : (
          EXCEPTION_TEXT[status]
        )
      }
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          返回首页
        </Button>
      }
    />
  );
}
