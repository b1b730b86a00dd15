import path from 'node:path';
import { inside, packageName, pathBack, reaches, resolveImport, root } from './importGraph.js';

/**
 * Local ESLint rules for the boundaries the README states. We first used eslint-plugin-import-x
 * (no-restricted-paths, no-cycle), but it needs unrs-resolver, whose native bindings for other platforms
 * the npm registry we can reach does not serve, so `npm ci` refused the lockfile. Resolving our imports
 * needs no such resolver: a specifier is relative or one of the `@domain/…` / `@/…` aliases of
 * tsconfig.base.json (eslint/importGraph.js), so the rules stay this small.
 *
 * - no-restricted-paths { zones: [{ target, from, except?, message }] }, folders relative to the project
 *   root: a file under `target` may not import a module under `from` unless it is under one of `except`
 *   (relative to `from`). Type-only imports count: a layer that names another's types depends on it.
 * - only-imports { zones: [{ target, allow, packages, message }] }: a file under `target` imports only
 *   modules under the `allow` folders and the packages named in `packages` (`@sinclair/typebox` also
 *   covers `@sinclair/typebox/value`) — an allow-list, so a library nobody thought to forbid is caught too.
 * - no-cycle: no import leads back to the importing file. A rule rather than a test walking the graph so
 *   that the editor shows it at the import and `npx eslint .` is the one check; the files it passes
 *   through are read from disk (importGraph.js), the linted file's own imports from the code being linted.
 *   Dynamic `import()` counts (a lazy chunk that imports its loader back is still a knot, and an order of
 *   evaluation bundlers do not promise), and so do type-only imports: the build erases them, but a knot of
 *   types is still modules that can only be read, changed and type-checked together.
 */
const relative = (file) => path.relative(root, file).split(path.sep).join('/');

/** Calls `check(node, source)` for every import, re-export and literal dynamic import. */
const eachImport = (check) => ({
  ImportDeclaration: (node) => check(node.source, node.source.value, node),
  ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value, node),
  ExportAllDeclaration: (node) => check(node.source, node.source.value, node),
  ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value, node),
});

const zonesSchema = (properties, required) => [
  {
    type: 'object',
    properties: {
      zones: { type: 'array', items: { type: 'object', properties, required, additionalProperties: false } },
    },
    additionalProperties: false,
  },
];

const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps code on its side of the boundaries the README states' },
    schema: zonesSchema(
      { target: { type: 'string' }, from: { type: 'string' }, except: { type: 'array', items: { type: 'string' } }, message: { type: 'string' } },
      ['target', 'from'],
    ),
  },
  create(context) {
    const file = path.resolve(context.filename);
    const zones = (context.options[0]?.zones ?? [])
      .map((z) => ({ ...z, target: path.resolve(root, z.target), from: path.resolve(root, z.from) }))
      .filter((z) => inside(file, z.target));
    if (zones.length === 0) return {};
    return eachImport((node, source) => {
      const imported = resolveImport(source, file);
      if (!imported) return;
      for (const zone of zones) {
        if (!inside(imported.path, zone.from)) continue;
        if ((zone.except ?? []).some((e) => inside(imported.path, path.resolve(zone.from, e)))) continue;
        context.report({ node, message: `不允许的导入 "${source}"：${zone.message ?? '越过了模块边界'}` });
      }
    });
  },
};

const onlyImports = {
  meta: {
    type: 'problem',
    docs: { description: 'A folder imports only the folders and packages it declares' },
    schema: zonesSchema(
      {
        target: { type: 'string' },
        allow: { type: 'array', items: { type: 'string' } },
        packages: { type: 'array', items: { type: 'string' } },
        message: { type: 'string' },
      },
      ['target'],
    ),
  },
  create(context) {
    const file = path.resolve(context.filename);
    const zones = (context.options[0]?.zones ?? [])
      .map((z) => ({ ...z, target: path.resolve(root, z.target), allow: (z.allow ?? []).map((a) => path.resolve(root, a)) }))
      .filter((z) => inside(file, z.target));
    if (zones.length === 0) return {};
    return eachImport((node, source) => {
      if (typeof source !== 'string') return;
      const imported = resolveImport(source, file);
      for (const zone of zones) {
        const allowed = imported
          ? zone.allow.some((folder) => inside(imported.path, folder))
          : (zone.packages ?? []).includes(packageName(source));
        if (!allowed) context.report({ node, message: `不允许的导入 "${source}"：${zone.message ?? '越过了模块边界'}` });
      }
    });
  },
};

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'No module imports, directly or not, the module importing it' },
    schema: [],
  },
  create(context) {
    const file = path.resolve(context.filename);
    if (!inside(file, root) || file.includes(`${path.sep}node_modules${path.sep}`)) return {};
    return eachImport((node, source) => {
      const imported = resolveImport(source, file)?.file;
      if (!imported || !inside(imported, root) || imported.includes(`${path.sep}node_modules${path.sep}`)) return;
      const way = reaches(imported, file) ? pathBack(imported, file) : null;
      if (!way) return;
      context.report({ node, message: `导入形成循环：${[file, ...way].map(relative).join(' → ')}` });
    });
  },
};

export default {
  rules: { 'no-restricted-paths': noRestrictedPaths, 'only-imports': onlyImports, 'no-cycle': noCycle },
};
