import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ssoLogin } from '../../api/session';
import type { LoginResult, Yhlx } from '@domain/session/session.contracts';
import { SSO_TOKEN_TTL_MS } from '../../config/constants';
import { safeAppPath } from '../../lib/safePath';
import { readReturnAddress } from '../../lib/returnAddress';
import { useSession } from '../../stores/session';

/** Shown without asking the server: a landing address that carries no ticket at all. */
export const MSG_NO_TICKET = '链接中缺少单点登录凭证，请从原系统重新进入';
const MSG_FAILED = '单点登录失败，请稍后重试';

export type SsoExchange = { state: 'exchanging' } | { state: 'failed'; message: string };

/**
 * Exchanges the address's `?ticket=` for a token (the ssotoken call), keeps it for 7 days like every SSO
 * sign-in, then opens `?url=` / the stored return address, or /home. Nothing is stored when the
 * exchange fails.
 */
export function useSsoExchange(yhlx: Yhlx): SsoExchange {
  const [params] = useSearchParams();
  const ticket = params.get('ticket') ?? '';
  const wanted = safeAppPath(params.get('url'));
  const navigate = useNavigate();
  const signIn = useSession((s) => s.signIn);
  const [failure, setFailure] = useState<{ ticket: string; message: string } | null>(null);
  // Tickets are single-use: StrictMode's second effect run must reuse the first request, not send another.
  const exchange = useRef<{ ticket: string; result: Promise<LoginResult> } | null>(null);

  useEffect(() => {
    if (!ticket) return;
    if (exchange.current?.ticket !== ticket) exchange.current = { ticket, result: ssoLogin(ticket, yhlx) };
    let live = true;
    exchange.current.result.then(
      (result) => {
        if (!live) return;
        signIn(result, SSO_TOKEN_TTL_MS);
        void navigate(wanted ?? readReturnAddress() ?? '/home', { replace: true });
      },
      (error: unknown) => {
        if (live) setFailure({ ticket, message: error instanceof Error && error.message ? error.message : MSG_FAILED });
      },
    );
    return () => {
      live = false;
    };
  }, [ticket, yhlx, wanted, navigate, signIn]);

  if (!ticket) return { state: 'failed', message: MSG_NO_TICKET };
  return failure?.ticket === ticket ? { state: 'failed', message: failure.message } : { state: 'exchanging' };
}
