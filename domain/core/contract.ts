import type { Static, TSchema } from '@sinclair/typebox';

/**
 * One hand-written endpoint, declared once as data: the server registers its route from it
 * (server/lib/route.ts), the browser calls it through it (src/api/call.ts) and the unit tests mock it with
 * it (tests/mocks/contract.ts). Who may call it mirrors the route config the server's guards read:
 * `public` (signature only, no token), `authority` (MENU_… / ACTION_… / 'user'), `superOnly` (a super
 * role, e.g. the system admin) and `beforePasswordChange` (answers a user who must still change a
 * temporary password). Parameters travel as a query (GET) or a form (POST); `response` describes the
 * envelope's `data`. A `file` endpoint answers a download instead of an envelope.
 *
 * In the browser build the schemas are dropped (vite-plugins/contractSchemas.ts): the browser needs the
 * method, path and authority, and the types, never the schemas themselves.
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly public?: true;
  readonly authority?: string;
  readonly superOnly?: true;
  readonly beforePasswordChange?: true;
  /** Largest accepted body in bytes, for the few calls that upload a file. */
  readonly bodyLimit?: number;
  readonly query?: TSchema;
  readonly body?: TSchema;
  readonly response?: TSchema;
  readonly file?: true;
}

/** Declares an endpoint; the literal types are kept, so callers and handlers are typed from it. */
export const endpoint = <const E extends Endpoint>(spec: E): E => spec;

/** What a caller sends: the query of a GET, the form of a POST. */
export type RequestOf<E extends Endpoint> = E['query'] extends TSchema
  ? Static<E['query']>
  : E['body'] extends TSchema
    ? Static<E['body']>
    : Record<string, never>;

/** The envelope's `data` of a successful answer. */
export type ResponseOf<E extends Endpoint> = E['response'] extends TSchema ? Static<E['response']> : null;
