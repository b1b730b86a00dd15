import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';

/** The error pages; each offers 返回首页 (to /home, which leads on to the user's own home). */
export const EXCEPTION_TEXT = {
  403: '抱歉，您无权访问此页面',
  404: '抱歉，您访问的页面不存在或仍在开发中',
  500: '抱歉，服务器出错了',
} as const;

export type ExceptionStatus = keyof typeof EXCEPTION_TEXT;

export function ExceptionView({ status }: { status: ExceptionStatus }) {
  const navigate = useNavigate();
  return (
    <Result
      status={status}
      title={status}
      subTitle={EXCEPTION_TEXT[status]}
      extra={
        <Button type="primary" onClick={() => navigate('/home')}>
          返回首页
        </Button>
      }
    />
  );
}
