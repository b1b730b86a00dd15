import axios, { AxiosHeaders, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import { env } from '../config/env';
import { ACCESS_TOKEN_KEY, REQUEST_TIMEOUT_MS } from '../config/constants';
import { storage } from '../lib/storage';
import { browser } from '../lib/browser';
import { feedback } from '../lib/feedback';
import { signRequest } from '@domain/core/sign';
import { createErrorMapper } from './errors';
import { encodeWireParams, splitUrlQuery, toWireParams, type RequestParams } from './params';
import type { Envelope } from '@domain/core/envelope';

/**
 * The one axios instance of the app: base URL and timeout from config, bearer token, form-encoded POST
 * bodies and the request signature (domain/core/sign.ts) on every call; the error mapping (./errors.ts) on the way back.
 */

/** The stored token is the single source of truth: an expired entry reads as null and is never sent. */
export function currentToken(): string | null {
  return storage.get<string>(ACCESS_TOKEN_KEY);
}

let sessionExpiredHandler: () => void = () => {};
/** The session store registers how to end the session on a 401 (kept as a hook to avoid an import cycle). */
export function setSessionExpiredHandler(handler: () => void): void {
  sessionExpiredHandler = handler;
}

/** Nonce of at least 16 characters: 32 hex digits from the platform's CSPRNG. */
export function randomNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function isPlainObject(value: unknown): value is RequestParams {
  return typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/** Serializes, then signs exactly what was serialized, then attaches the token. */
export function prepareRequest(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  const method = (config.method ?? 'get').toLowerCase();
  const { path, query } = splitUrlQuery(config.url ?? '');
  const queryParams = { ...query, ...toWireParams(isPlainObject(config.params) ? config.params : undefined) };
  let signed = queryParams;
  config.url = path;
  config.params = queryParams;
  config.paramsSerializer = { serialize: (p) => encodeWireParams(p as Record<string, string>) };
  const headers = AxiosHeaders.from(config.headers);
  if (method !== 'get' && method !== 'delete' && method !== 'head') {
    if (config.data !== undefined && config.data !== null && !isPlainObject(config.data)) {
      // The contract only knows form fields; anything else could not be signed field by field.
      throw new TypeError('请求体必须是普通对象（表单字段）');
    }
    const form = toWireParams(config.data as RequestParams | undefined);
    config.data = encodeWireParams(form);
    headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
    signed = { ...queryParams, ...form };
  }
  const sign = signRequest(signed, env.apiKey, env.signSecret, randomNonce());
  for (const [name, value] of Object.entries(sign)) headers.set(name, value);
  const token = currentToken();
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  config.headers = headers;
  return config;
}

const errorMapper = createErrorMapper({
  toasts: () => feedback(),
  hasToken: () => currentToken() !== null,
  endExpiredSession: () => sessionExpiredHandler(),
  reload: () => browser.reload(),
});

// No XSRF cookie: the API authenticates with the bearer header, never a cookie. axios would otherwise
// read the cookie store (asynchronous in Chromium) before every send.
export const http = axios.create({ baseURL: env.apiBaseUrl, timeout: REQUEST_TIMEOUT_MS, xsrfCookieName: '' });
// Synchronous: a request goes out in the call that makes it, not after the microtasks of whatever runs
// then (the session's first calls are made while the entry is still being evaluated, src/router/bootRequests.ts).
http.interceptors.request.use(prepareRequest, undefined, { synchronous: true });
http.interceptors.response.use(errorMapper.checkBody, errorMapper.fail);

/** GET; resolves with the envelope's data (also for code 50000, which has already been shown). */
export async function get<T>(url: string, params?: RequestParams, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.get<Envelope<T>>(url, { ...config, params });
  return response.data.data;
}

/** POST with form fields; resolves with the envelope's data. */
export async function post<T>(url: string, form?: RequestParams, config?: AxiosRequestConfig): Promise<T> {
  const response = await http.post<Envelope<T>>(url, form ?? {}, config);
  return response.data.data;
}

/**
 * POST with form fields; resolves with the server's own success message ('修改成功', '执行成功'…), for
 * pages that show it as the toast instead of retyping it.
 */
export async function postForMessage(url: string, form?: RequestParams, config?: AxiosRequestConfig): Promise<string> {
  const response = await http.post<Envelope<unknown>>(url, form ?? {}, config);
  return response.data.msg;
}
