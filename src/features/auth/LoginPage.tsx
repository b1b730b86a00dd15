import { YHLX_ORDINARY } from '@domain/session/session.contracts';
import { LoginForm } from './LoginForm';

/** /user/login: organiser staff and the admin account (the admin is just the username admin). */
export default function LoginPage() {
  return <LoginForm yhlx={YHLX_ORDINARY} />;
}
