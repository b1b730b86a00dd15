import { http, HttpResponse, type DefaultBodyType, type RequestHandlerOptions, type StrictRequest } from 'msw';
import type { Endpoint, ResponseOf } from '@domain/core/contract';
import { API, receivedParams, signatureProblem } from './signing';

/** What a mock's resolver gets: the parameters as they arrived (wire strings) and the request itself. */
export interface MockCall {
  params: Record<string, string>;
  request: StrictRequest<DefaultBodyType>;
}

/** A resolver answers the envelope's data, or a whole Response of its own (answer, refusal…). */
export type MockAnswer<E extends Endpoint> = ResponseOf<E> | Response;

const isResponse = (value: unknown): value is Response => value instanceof Response;

/**
 * An msw handler for an endpoint contract (domain/core/contract.ts): its method and URL come from the
 * contract and its answer is typed by the contract's response, so a mock cannot drift from the API.
 * Like the server, it first checks the request signature (tests/mocks/signing.ts): a client that signs
 * something other than what it sends is refused here too. `options` are msw's (`once`).
 */
export function mock<E extends Endpoint>(contract: E, resolve: (call: MockCall) => MockAnswer<E> | Promise<MockAnswer<E>>, options?: RequestHandlerOptions) {
  const method = contract.method === 'GET' ? http.get : http.post;
  return method(
    API(contract.path),
    async ({ request }) => {
      const bad = await signatureProblem(request);
      if (bad) return bad;
      const answer = await resolve({ params: await receivedParams(request), request });
      if (isResponse(answer)) return answer;
      return HttpResponse.json({ code: 0, msg: '操作成功', data: answer });
    },
    options,
  );
}

/** A success with the server's own message ('修改成功'…), typed by the contract's response. */
export const answer = <E extends Endpoint>(_contract: E, data: ResponseOf<E>, msg: string) => HttpResponse.json({ code: 0, msg, data });

/** A refusal as the server words it: HTTP 200 with code 1 and the message. */
export const refusal = (msg: string) => HttpResponse.json({ code: 1, msg, data: null });
