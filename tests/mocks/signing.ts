import { HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import { computeSign } from '@domain/core/sign';

/**
 * The request as the server receives it, for the unit tests' msw handlers: the parameters that arrived
 * and the check of their signature with the shared signing function, so a client that signs something
 * other than what it sends fails here just as it would against the real server. Both the hand-written
 * handlers (handlers.ts) and mock() (contract.ts), which handlers.ts uses, need it: it lives apart so
 * that neither of them imports the other back.
 */
const SECRET = import.meta.env.VITE_APP_SIGN_SECRET;
export const API = (path: string) => `*/admin${path}`;

export const envelope = (data: unknown, code = 0, msg = '操作成功') => ({ code, msg, data });

/** Parameters of a request as the server receives them: the query (GET) or the form body (POST). */
export async function receivedParams(request: StrictRequest<DefaultBodyType>): Promise<Record<string, string>> {
  const params: Record<string, string> = {};
  new URL(request.url).searchParams.forEach((value, name) => (params[name] = value));
  if (request.method !== 'GET') {
    new URLSearchParams(await request.clone().text()).forEach((value, name) => (params[name] = value));
  }
  return params;
}

/** The refusal of a request whose signature is not that of what arrived, or null when it is right. */
export async function signatureProblem(request: StrictRequest<DefaultBodyType>): Promise<Response | null> {
  const h = request.headers;
  const params = await receivedParams(request);
  const expected = computeSign(
    {
      ...params,
      ApiKey: h.get('ApiKey'),
      Timestamp: h.get('Timestamp'),
      SignType: h.get('SignType'),
      Nonce: h.get('Nonce'),
    },
    SECRET,
  );
  if ((h.get('Nonce') ?? '').length < 16 || h.get('Sign') !== expected) {
    return HttpResponse.json(envelope(null, 1, '签名校验失败'), { status: 400 });
  }
  return null;
}
