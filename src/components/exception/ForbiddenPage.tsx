import { useSearchParams } from 'react-router-dom';
import { ExceptionView } from './ExceptionView';

/** Only app paths are named: a crafted `from` must not put arbitrary text on the page. */
const APP_PATH = /^\/[\w/-]{1,200}$/;

export default function ForbiddenPage() {
  const [params] = useSearchParams();
  const from = params.get('from');
  const page = from && APP_PATH.test(from) ? from : null;
  return (
    <ExceptionView
      status={403}
      detail={page ? `页面：${page}。如需使用，请联系本单位管理员在 系统管理 › 角色 中为您授权该菜单。` : undefined}
    />
  );
}
