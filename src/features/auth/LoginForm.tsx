import { useEffect, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import EyeInvisibleOutlined from '@ant-design/icons-svg/es/asn/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons-svg/es/asn/EyeOutlined';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { login } from '../../api/session';
import { YHLX_EDU, type Yhlx } from '@domain/session/session.contracts';
import { PASSWORD_TOKEN_TTL_MS } from '../../config/constants';
import { safeAppPath } from '../../lib/safePath';
import { useSession } from '../../stores/session';
import { LoginIcon } from './LoginIcon';
import './login.css';

const REGISTER_PATH = '/user/register';
const FORGET_PASSWORD_PATH = '/htxx/forgetPw';
const FORGET_EDU_PASSWORD_PATH = '/htxx/forgeteduPw';

const REQUIRED = { username: '请输入用户名', password: '请输入密码' } as const;
type Field = keyof typeof REQUIRED;
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

function validate(values: Values): Errors {
  const errors: Errors = {};
  if (!values.username.trim()) errors.username = REQUIRED.username;
  if (!values.password) errors.password = REQUIRED.password;
  return errors;
}

/**
 * What the user typed into the form login.html painted before this script ran, which field had the
 * caret, and whether it was already submitted (vite-plugins/loginFrame.ts; the inline catcher
 * vite-plugins/loginFrameSubmit.js marks the frame): React replaces that markup, so all of it carries over
 * instead of vanishing — a password manager fills and submits at once. Read while rendering, before React
 * commits over the painted form.
 */
export function paintedForm(): { values: Values; focused: Field | null; submitted: boolean } {
  const frame = document.getElementById('zb-login-frame');
  const value = (id: Field) => frame?.querySelector<HTMLInputElement>(`#${id}`)?.value ?? '';
  const active = frame?.contains(document.activeElement) ? document.activeElement?.id : undefined;
  return {
    values: { username: value('username'), password: value('password') },
    focused: active === 'username' || active === 'password' ? active : null,
    submitted: frame?.hasAttribute('data-submitted') ?? false,
  };
}

/**
 * Password login shared by both entries; `yhlx` says which entry it is (1 organiser incl. admin,
 * 2 competition). On success the token is kept for a day and the user goes to `?redirect=` or /home,
 * where the guard loads their profile and menus. On failure the error mapper shows the server's message
 * and the form keeps what was typed.
 *
 * Plain markup styled like antd's large Form (login.css), not antd itself: the login page is the first
 * screen most users see, and without antd it needs half the script. login.html paints the same markup
 * before any script runs (vite-plugins/loginFrame.ts); keep the two alike.
 */
export function LoginForm({ yhlx }: { yhlx: Yhlx }) {
  const [painted] = useState(paintedForm);
  const [values, setValues] = useState<Values>(painted.values);
  const [errors, setErrors] = useState<Errors>({});
  const [showPassword, setShowPassword] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const signIn = useSession((s) => s.signIn);
  const navigate = useNavigate();
  const [params] = useSearchParams();

  // A user who clicked into the painted form keeps typing in the same field.
  useEffect(() => {
    if (painted.focused) document.getElementById(painted.focused)?.focus();
  }, [painted]);

  const change = (field: Field) => (event: ChangeEvent<HTMLInputElement>) => {
    const next = { ...values, [field]: event.target.value };
    setValues(next);
    // Like antd's Form: once a field shows an error, it is checked again as the user types.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: validate(next)[field] }));
  };

  const submit = async (values: Values) => {
    const found = validate(values);
    setErrors(found);
    if (found.username || found.password) {
      document.getElementById(found.username ? 'username' : 'password')?.focus();
      return;
    }
    setSubmitting(true);
    try {
      const result = await login(values.username.trim(), values.password, yhlx);
      signIn(result, PASSWORD_TOKEN_TTL_MS);
      await navigate(safeAppPath(params.get('redirect')) ?? '/home', { replace: true });
    } catch {
      // Already shown by the error mapper; nothing else to undo.
    } finally {
      setSubmitting(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(values);
  };

  // A sign-in submitted on the painted form before this script ran is sent now, once (the ref keeps
  // StrictMode's second effect run from signing in twice).
  const paintedSent = useRef(false);
  useEffect(() => {
    if (!painted.submitted || paintedSent.current) return;
    paintedSent.current = true;
    void submit(painted.values);
    // Only the painted submit, on mount: `submit` changes every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [painted]);

  const item = (field: Field, input: ReactNode) => (
    <div className={errors[field] ? 'zb-login-item zb-login-item-error' : 'zb-login-item'}>
      {input}
      {errors[field] && (
        <div className="zb-login-explain" id={`${field}-error`} role="alert">
          {errors[field]}
        </div>
      )}
    </div>
  );

  return (
    <div className="zb-login">
      <h2 className="zb-login-tab">
        <span>账号密码登录</span>
      </h2>
      <form className="zb-login-form" onSubmit={onSubmit} autoComplete="on" noValidate>
        {item(
          'username',
          <span className="zb-login-input">
            <LoginIcon icon={UserOutlined} />
            <input
              id="username"
              name="username"
              placeholder="用户名"
              aria-label="用户名"
              autoComplete="username"
              aria-required="true"
              aria-invalid={errors.username ? true : undefined}
              aria-describedby={errors.username ? 'username-error' : undefined}
              value={values.username}
              onChange={change('username')}
            />
          </span>,
        )}
        {item(
          'password',
          <span className="zb-login-input">
            <LoginIcon icon={LockOutlined} />
            <input
              id="password"
              name="password"
              type={showPassword ? 'text' : 'password'}
              placeholder="密码"
              aria-label="密码"
              autoComplete="current-password"
              aria-required="true"
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={errors.password ? 'password-error' : undefined}
              value={values.password}
              onChange={change('password')}
            />
            <button
              type="button"
              className="zb-login-eye"
              aria-label={showPassword ? '隐藏密码' : '显示密码'}
              aria-pressed={showPassword}
              onClick={() => setShowPassword((shown) => !shown)}
            >
              <LoginIcon icon={showPassword ? EyeOutlined : EyeInvisibleOutlined} />
            </button>
          </span>,
        )}
        <div className="zb-login-item">
          <button type="submit" className="zb-login-submit" disabled={submitting} aria-busy={submitting}>
            {submitting && <span className="zb-login-spin" aria-hidden="true" />}
            <span>登 录</span>
          </button>
        </div>
      </form>
      {/* Competition users register elsewhere; only organisers apply for an account here. */}
      <div className={yhlx === YHLX_EDU ? 'zb-login-links zb-login-links-end' : 'zb-login-links'}>
        {yhlx !== YHLX_EDU && <Link to={REGISTER_PATH}>注册账户</Link>}
        <Link to={yhlx === YHLX_EDU ? FORGET_EDU_PASSWORD_PATH : FORGET_PASSWORD_PATH}>忘记密码</Link>
      </div>
    </div>
  );
}
