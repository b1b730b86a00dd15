import { isAxiosError, isCancel, type AxiosResponse } from 'axios';
import { retryHint } from '@domain/core/format';
import { CODE_OK, CODE_OK_LEGACY, CODE_PARTIAL } from '@domain/core/envelope';
import { FORBIDDEN_MESSAGE_THROTTLE_MS, RELOAD_AFTER_401_MS, UNREACHABLE_MESSAGE_THROTTLE_MS } from '../config/constants';

/**
 * The one place that turns failures into what the user sees, status by status (docs/architecture.md, 信封与错误). Everything else
 * (pages, stores) receives an ApiError that has already been shown, and must not show it again.
 */
export const ERROR_TEXT = {
  forbidden: '暂无权限,请联系管理员',
  badGateway: '502连接服务器失败!',
  tooManyRequests: '访问太过频繁，请稍后再试!',
  serverError: '执行错误，请稍后再试！',
  noResponse: '连接服务器失败!',
  sessionExpired: '登录已过期，请重新登录',
  failed: '操作失败',
} as const;

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * The calling page shows a refusal (a body code, or a 4xx other than 401/403/429) in its own
     * content, e.g. a public page's "链接无效或已失效"; the mapper then does not toast it as well.
     */
    refusalShownByPage?: boolean;
    /** The calling page shows that the server could not be reached (签到台 going offline); no toast for it. */
    unreachableShownByPage?: boolean;
    /** The calling form shows a 409 (the row was changed by someone else) with its offer to reload; no toast for it. */
    conflictShownByPage?: boolean;
  }
}

export type ApiErrorReason = 'status' | 'code' | 'network' | 'cancelled';

export class ApiError extends Error {
  readonly reason: ApiErrorReason;
  /** HTTP status, when the server answered with one. */
  readonly status?: number;
  /** Body code, when the server answered 2xx with a refusal. */
  readonly code?: number;
  /** The body's data, e.g. `{ errors: [{field, msg}] }` for field errors. */
  readonly data?: unknown;

  constructor(message: string, reason: ApiErrorReason, extra: { status?: number; code?: number; data?: unknown } = {}) {
    super(message);
    this.name = 'ApiError';
    this.reason = reason;
    this.status = extra.status;
    this.code = extra.code;
    this.data = extra.data;
  }
}

export interface Toasts {
  message: { error(content: string): unknown };
  notification: { error(config: { title: string; description?: string }): unknown };
}

export interface ErrorMapperDeps {
  toasts(): Toasts;
  hasToken(): boolean;
  /** Ends the local session after a 401 (the token is dead, so the server is not asked to revoke it). */
  endExpiredSession(): void;
  reload(): void;
  now?: () => number;
}

interface BodyShape {
  code?: unknown;
  msg?: unknown;
  data?: unknown;
}

function bodyOf(value: unknown): BodyShape | null {
  return typeof value === 'object' && value !== null ? (value as BodyShape) : null;
}

function serverMessage(value: unknown): string | null {
  const msg = bodyOf(value)?.msg;
  return typeof msg === 'string' && msg.trim() !== '' ? msg : null;
}

export function createErrorMapper(deps: ErrorMapperDeps) {
  const now = deps.now ?? (() => Date.now());
  const lastShownAt = new Map<string, number>();
  /** A page firing several calls at once must not stack identical toasts: `text` at most once per `windowMs`. */
  function toastOnce(text: string, windowMs: number) {
    if (now() - (lastShownAt.get(text) ?? Number.NEGATIVE_INFINITY) < windowMs) return;
    lastShownAt.set(text, now());
    deps.toasts().message.error(text);
  }

  /** 2xx answers: code 0/200 pass, 50000 warns but passes, anything else is a refusal. */
  function checkBody<T extends AxiosResponse>(response: T): T {
    // Downloads (blob/arraybuffer) carry no envelope.
    const type = response.config?.responseType;
    if (type === 'blob' || type === 'arraybuffer') return response;
    const body = bodyOf(response.data);
    const code = body?.code;
    if (typeof code !== 'number') return response;
    if (code === CODE_OK || code === CODE_OK_LEGACY) return response;
    if (code === CODE_PARTIAL) {
      deps.toasts().message.error(ERROR_TEXT.serverError);
      return response;
    }
    const text = serverMessage(body) ?? ERROR_TEXT.failed;
    if (!response.config?.refusalShownByPage) deps.toasts().message.error(text);
    throw new ApiError(text, 'code', { code, data: body?.data });
  }

  /** Transport failures: HTTP error statuses and no answer at all. Always rejects. */
  function fail(error: unknown): Promise<never> {
    if (error instanceof ApiError) return Promise.reject(error);
    if (isCancel(error)) return Promise.reject(new ApiError('请求已取消', 'cancelled'));
    const response = isAxiosError(error) ? error.response : undefined;
    if (!response) {
      const config = isAxiosError(error) ? error.config : undefined;
      if (!config?.unreachableShownByPage) toastOnce(ERROR_TEXT.noResponse, UNREACHABLE_MESSAGE_THROTTLE_MS);
      return Promise.reject(new ApiError(ERROR_TEXT.noResponse, 'network'));
    }
    const status = response.status;
    const detail = serverMessage(response.data);
    const data = bodyOf(response.data)?.data;
    const toasts = deps.toasts();
    let text: string;
    switch (status) {
      case 401:
        text = detail ?? ERROR_TEXT.sessionExpired;
        toasts.message.error(text);
        if (deps.hasToken()) {
          deps.endExpiredSession();
          // The pause lets the user read why the page is about to reload.
          setTimeout(() => deps.reload(), RELOAD_AFTER_401_MS);
        }
        break;
      case 403:
        text = ERROR_TEXT.forbidden;
        toastOnce(text, FORBIDDEN_MESSAGE_THROTTLE_MS);
        break;
      case 502:
        text = ERROR_TEXT.badGateway;
        toasts.notification.error({ title: text, description: detail ?? response.statusText ?? '' });
        break;
      case 429:
        // The server's Retry-After (seconds) says how long; the words come from one place (domain/core/format.ts).
        text = `${ERROR_TEXT.tooManyRequests}${retryHint(Number(response.headers?.['retry-after']))}`;
        toasts.message.error(text);
        break;
      case 500:
        text = ERROR_TEXT.serverError;
        toasts.message.error(text);
        break;
      default:
        text = detail ?? `请求失败（HTTP ${status}）`;
        if (!(status < 500 && response.config?.refusalShownByPage) && !(status === 409 && response.config?.conflictShownByPage)) toasts.message.error(text);
    }
    return Promise.reject(new ApiError(text, 'status', { status, data }));
  }

  return { checkBody, fail };
}
