import { YHLX_EDU } from '@domain/session/session.contracts';
import { LoginForm } from './LoginForm';

/** /edu/edulogin: competition users; /home then leads them to their first menu page. */
export default function EduLoginPage() {
  return <LoginForm yhlx={YHLX_EDU} />;
}
