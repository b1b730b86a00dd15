import type { Plugin } from 'vite';
import { parseAst } from 'rolldown/parseAst';

/** Modules that declare endpoint contracts and the schema helpers they are built from. */
const CONTRACT_MODULE = /\/domain\/(.+\.contracts|core\/schemas)\.ts$/;
const BROWSER_TYPEBOX = '\0zbzj:typebox';
/** The properties of an endpoint() declaration that hold schemas. */
const SCHEMA_KEYS = new Set(['query', 'body', 'response']);

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

function walk(node: Node, visit: (node: Node) => void): void {
  visit(node);
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) value.forEach((item) => isNode(item) && walk(item, visit));
    else if (isNode(value)) walk(value, visit);
  }
}

/**
 * A property's span with the comma before it (after it, for the first property), so that cutting it leaves
 * valid code and the spans of neighbouring properties never overlap.
 */
function withComma(code: string, property: Node): { start: number; end: number } {
  let before = property.start - 1;
  while (before >= 0 && /\s/.test(code[before])) before--;
  if (code[before] === ',') return { start: before, end: property.end };
  let after = property.end;
  while (/\s/.test(code[after] ?? '')) after++;
  return code[after] === ',' ? { start: property.start, end: after + 1 } : { start: property.start, end: property.end };
}

/**
 * What is left of the schemas after the cuts (a shared object of fields, a helper's body) would keep
 * TypeBox and its registries alive: strictExecutionOrder runs a used module's whole body. The browser
 * never builds or checks a schema, so its build gets a TypeBox whose builders make nothing.
 */
const browserTypebox: Plugin = {
  name: 'zbzj:browser-typebox',
  apply: 'build',
  // Before Vite's own resolver, which would find the real package.
  enforce: 'pre',
  resolveId: {
    filter: { id: /^@sinclair\/typebox$/ },
    handler: () => BROWSER_TYPEBOX,
  },
  load: {
    filter: { id: /^\0zbzj:typebox$/ },
    handler: () => ({ code: 'export const Type = new Proxy({}, { get: () => () => undefined });', moduleSideEffects: false }),
  },
};

/**
 * The browser build keeps an endpoint contract's method, path and authority and drops its schemas: the
 * server validates with them, the browser only needs their types (domain/core/contract.ts). The schema
 * properties of each `endpoint({...})` call are cut (and the call itself: endpoint is the identity), and every call in a contract module is marked
 * pure, so the schema constants nothing uses any more, and TypeBox with them, are left out of the bundle.
 * Contract modules hold declarations only, which is what makes marking their calls pure true.
 */
export function contractSchemas(): Plugin[] {
  return [browserTypebox, {
    name: 'zbzj:contract-schemas',
    apply: 'build',
    enforce: 'post',
    transform: {
      filter: { id: CONTRACT_MODULE },
      handler(code, id) {
        if (!CONTRACT_MODULE.test(id)) return null;
        const marks: number[] = [];
        const cuts: { start: number; end: number }[] = [];
        walk(parseAst(code) as unknown as Node, (node) => {
          if (node.type !== 'CallExpression') return;
          marks.push(node.start);
          const callee = node.callee as Node;
          const [spec] = node.arguments as Node[];
          if (callee.type !== 'Identifier' || callee.name !== 'endpoint' || spec?.type !== 'ObjectExpression') return;
          // endpoint() only keeps literal types for the compiler: the browser gets the bare object.
          cuts.push({ start: callee.start, end: callee.end });
          for (const property of spec.properties as Node[]) {
            const key = property.key as Node | undefined;
            const name = key?.type === 'Identifier' ? key.name : key?.value;
            if (property.type === 'Property' && typeof name === 'string' && SCHEMA_KEYS.has(name)) {
              cuts.push(withComma(code, property));
            }
          }
        });
        // A cut swallows the marks inside it; the rest do not overlap, so applying them from the end
        // keeps every earlier offset valid.
        const merged = cuts
          .sort((a, b) => a.start - b.start)
          .reduce<{ start: number; end: number }[]>((out, cut) => {
            const last = out.at(-1);
            if (last && cut.start < last.end) last.end = Math.max(last.end, cut.end);
            else out.push({ ...cut });
            return out;
          }, []);
        const edits = [
          ...merged.map((cut) => ({ ...cut, text: '' })),
          ...marks.filter((at) => !merged.some((cut) => cut.start <= at && at < cut.end)).map((at) => ({ start: at, end: at, text: '/* @__PURE__ */ ' })),
        ].sort((a, b) => b.start - a.start);
        let out = code;
        for (const edit of edits) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
        // Declarations only: a module importing a contract for its method and path alone does not keep its
        // imports (TypeBox, the schema helpers) alive. Under strictExecutionOrder a module with possible side
        // effects is initialised, with its dependencies, wherever it is imported, so the login path carried
        // TypeBox for the session's contracts.
        return { code: out, map: null, moduleSideEffects: false };
      },
    },
  }];
}
