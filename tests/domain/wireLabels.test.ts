import type { TSchema } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { wireLabel } from '@domain/core/wireLabels';

/**
 * Every property a hand-written endpoint accepts has a Chinese label a refusal can name it by: its own
 * `title` in the contract or the label of its wire name. A new contract with a property neither gives
 * fails here, not in front of a user reading 「提交的数据有误：不能为空」.
 */
const modules = import.meta.glob<Record<string, unknown>>('../../domain/**/*.contracts.ts', { eager: true });

interface Endpoint {
  method: string;
  path: string;
  body?: TSchema;
  query?: TSchema;
}

const isEndpoint = (value: unknown): value is Endpoint =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value;

/** The properties of an object schema and of the objects inside its arrays, with where they are. */
function properties(schema: TSchema | undefined, at: string): Array<{ where: string; name: string; schema: TSchema }> {
  const props = (schema as { properties?: Record<string, TSchema> } | undefined)?.properties;
  if (!props) return [];
  return Object.entries(props).flatMap(([name, child]) => [
    { where: `${at}.${name}`, name, schema: child },
    ...properties((child as { items?: TSchema }).items, `${at}.${name}[]`),
  ]);
}

const endpoints = Object.entries(modules).flatMap(([file, mod]) =>
  Object.entries(mod)
    .filter(([, value]) => isEndpoint(value))
    .map(([name, value]) => ({ file: file.replace('../../', ''), name, endpoint: value as Endpoint })),
);

describe('the labels of request properties', () => {
  it('finds the contracts', () => {
    expect(endpoints.length).toBeGreaterThan(100);
  });

  it('gives every property of every body and query a Chinese label', () => {
    const unlabelled = endpoints.flatMap(({ file, name, endpoint }) =>
      [...properties(endpoint.body, 'body'), ...properties(endpoint.query, 'query')]
        .filter((p) => typeof p.schema.title !== 'string' && !wireLabel(p.name))
        .map((p) => `${file} ${name} ${p.where}`),
    );
    expect(unlabelled).toEqual([]);
  });

  it('labels in Chinese, never by an internal name', () => {
    const labels = endpoints.flatMap(({ endpoint }) =>
      [...properties(endpoint.body, 'body'), ...properties(endpoint.query, 'query')].map((p) =>
        typeof p.schema.title === 'string' ? p.schema.title : wireLabel(p.name)!,
      ),
    );
    for (const label of labels) expect(label).toMatch(/^[\u4e00-\u9fa5（）、 A-Z]+$/);
  });

  it('keeps Object.prototype out of the table', () => {
    expect(wireLabel('constructor')).toBeUndefined();
    expect(wireLabel('toString')).toBeUndefined();
  });
});
