import type { AxiosRequestConfig } from 'axios';
import type { Endpoint, RequestOf, ResponseOf } from '@domain/core/contract';
import type { Envelope } from '@domain/core/envelope';
import { http } from './request';
import type { RequestParams } from './params';

/** Parameters go as the query of a GET and as the form of a POST; both are signed the same way. */
function send<E extends Endpoint>(contract: E, params: RequestOf<E> | undefined, config?: AxiosRequestConfig) {
  const fields = params as RequestParams | undefined;
  return contract.method === 'GET'
    ? http.get<Envelope<ResponseOf<E>>>(contract.path, { ...config, params: fields })
    : http.post<Envelope<ResponseOf<E>>>(contract.path, fields ?? {}, config);
}

type Args<E extends Endpoint> = keyof RequestOf<E> extends never ? [params?: RequestOf<E>, config?: AxiosRequestConfig] : [params: RequestOf<E>, config?: AxiosRequestConfig];

/**
 * Calls an endpoint contract (domain/core/contract.ts) through the app's one axios instance and resolves
 * with the envelope's data (also for code 50000, which the error mapper has already shown).
 */
export async function call<E extends Endpoint>(contract: E, ...[params, config]: Args<E>): Promise<ResponseOf<E>> {
  return (await send(contract, params, config)).data.data;
}

/** As call, resolving with the server's own success message ('修改成功', '执行成功'…) for pages that show it. */
export async function callForMessage<E extends Endpoint>(contract: E, ...[params, config]: Args<E>): Promise<string> {
  return (await send(contract, params, config)).data.msg;
}

/** As call, resolving with both the data and the server's message, for answers that carry both (a seat assigned, a scan recorded). */
export async function callWithMessage<E extends Endpoint>(contract: E, ...[params, config]: Args<E>): Promise<{ data: ResponseOf<E>; msg: string }> {
  const { data, msg } = (await send(contract, params, config)).data;
  return { data, msg };
}
