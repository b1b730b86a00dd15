import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { Static, TSchema } from '@sinclair/typebox';
import type { Endpoint, ResponseOf } from '@domain/core/contract';
import type { Envelope } from '@domain/core/envelope';
import { envelopeSchema, messageOnly } from './envelope';
import type { TypedApp } from './schemas';

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

/** The request a contract's handler receives: its query and form typed by the contract's schemas. */
export type ContractRequest<E extends Endpoint> = FastifyRequest<{
  Querystring: StaticOr<E['query'], Record<string, never>>;
  Body: StaticOr<E['body'], Record<string, never>>;
}>;

/** An envelope with the contract's `data`; a `file` endpoint answers through the reply instead. */
type Answer<E extends Endpoint> = E['file'] extends true ? FastifyReply : Envelope<ResponseOf<E>>;

export type ContractHandler<E extends Endpoint> = (request: ContractRequest<E>, reply: FastifyReply) => Promise<Answer<E>>;

/**
 * Registers the route of an endpoint contract (domain/core/contract.ts): method, URL, schemas and who may
 * call it all come from the contract, so a route cannot drift from what the browser calls. `extra` adds
 * what is the server's business alone (a rate limit's hook, a form field of JSON text parsed before validation).
 */
export function route<E extends Endpoint>(app: TypedApp, contract: E, handler: ContractHandler<E>, extra: Pick<RouteShorthandOptions, 'onRequest' | 'preValidation' | 'preHandler' | 'onSend'> = {}): void {
  const { method, path, query, body, response, file, bodyLimit } = contract;
  app.route({
    method,
    url: path,
    ...extra,
    ...(bodyLimit ? { bodyLimit } : {}),
    config: {
      ...(contract.public ? { public: true } : {}),
      ...(contract.authority ? { authority: contract.authority } : {}),
      ...(contract.superOnly ? { superOnly: true } : {}),
      ...(contract.beforePasswordChange ? { beforePasswordChange: true } : {}),
    },
    schema: {
      ...(query ? { querystring: query } : {}),
      ...(body ? { body } : {}),
      ...(file ? {} : { response: { 200: response ? envelopeSchema(response) : messageOnly } }),
    },
    // The contract's schemas type the request; Fastify's own generics cannot follow a schema passed in a variable.
    handler: handler as unknown as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
