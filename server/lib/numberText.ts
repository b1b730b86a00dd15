/**
 * Numbers as they arrive in a query or a form are text, and Ajv's type coercion takes any text JavaScript
 * reads as a number: `0x5D`, `0b1011101`, `9.3e1`, `93.0`, `+93` and ` 93 ` all became person 93, and
 * `Infinity` or `1e400` passed an id's schema and failed in PostgreSQL as a 500. So before Ajv sees it,
 * text meant for an integer property must be a plain decimal integer (an id: 93, never 093), and text meant
 * for a number property a plain decimal. Every contract's integer property is covered by this one check
 * (server/routes/admin.ts runs it on each route's schema); its failures read like Ajv's, so the error
 * handler names the field by its Chinese label (server/plugins/errorHandler.ts).
 */

/** The Ajv-format name of the issue this check reports, worded by the error handler. */
export const INTEGER_TEXT = 'integer-text';
export const NUMBER_TEXT = 'number-text';

const INTEGER = /^(0|-?[1-9]\d*)$/;
const DECIMAL = /^-?(0|[1-9]\d*)(\.\d+)?$/;

interface SchemaNode {
  type?: string | string[];
  anyOf?: SchemaNode[];
  items?: SchemaNode;
  properties?: Record<string, SchemaNode>;
}

export interface NumberTextIssue {
  keyword: 'format';
  instancePath: string;
  params: { format: typeof INTEGER_TEXT | typeof NUMBER_TEXT };
}

type Kind = 'integer' | 'number';

/** integer or number, when every numeric branch of the schema (a Nullable is an anyOf) is that type. */
function numericKind(node: SchemaNode | undefined): Kind | undefined {
  if (!node) return undefined;
  const types = [node.type ?? [], ...(node.anyOf ?? []).map((branch) => branch.type ?? [])].flat();
  if (types.includes('number')) return 'number';
  if (types.includes('integer')) return 'integer';
  return undefined;
}

/** Per schema object (routes share theirs for their lifetime): which properties hold numbers, and of what kind. */
const fieldsOf = new WeakMap<object, Array<{ name: string; kind: Kind; list: boolean }>>();

function numericFields(schema: SchemaNode): Array<{ name: string; kind: Kind; list: boolean }> {
  let fields = fieldsOf.get(schema);
  if (!fields) {
    fields = [];
    for (const [name, node] of Object.entries(schema.properties ?? {})) {
      const kind = numericKind(node);
      if (kind) fields.push({ name, kind, list: false });
      const itemKind = numericKind(node.items);
      if (itemKind) fields.push({ name, kind: itemKind, list: true });
    }
    fieldsOf.set(schema, fields);
  }
  return fields;
}

function isCanonical(text: string, kind: Kind): boolean {
  // An empty value is another rule's business (the blank filter is dropped; a required one is refused as such).
  if (text === '') return true;
  return kind === 'integer' ? INTEGER.test(text) : DECIMAL.test(text) && Number.isFinite(Number(text));
}

/**
 * The number properties of `values` (a parsed query or form) written other than as plain decimal text.
 * Numbers already numbers (a JSON body) are Ajv's alone to check.
 */
export function numberTextIssues(schema: unknown, values: unknown): NumberTextIssue[] {
  if (typeof schema !== 'object' || schema === null || typeof values !== 'object' || values === null) return [];
  const issues: NumberTextIssue[] = [];
  const record = values as Record<string, unknown>;
  for (const { name, kind, list } of numericFields(schema as SchemaNode)) {
    if (!Object.hasOwn(record, name)) continue;
    const value = record[name];
    const texts: Array<[string, unknown]> = list && Array.isArray(value) ? value.map((item, i) => [`/${name}/${i}`, item]) : [[`/${name}`, value]];
    for (const [instancePath, item] of texts) {
      if (typeof item === 'string' && !isCanonical(item, kind)) {
        issues.push({ keyword: 'format', instancePath, params: { format: kind === 'integer' ? INTEGER_TEXT : NUMBER_TEXT } });
      }
    }
  }
  return issues;
}
