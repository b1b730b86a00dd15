import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';

/** The Fastify instance a TypeBox-typed route plugin receives, for helpers that add routes to it. */
export type TypedApp = Parameters<FastifyPluginAsyncTypebox>[0];
