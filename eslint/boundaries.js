import path from 'node:path';

/**
 * A local ESLint rule for the boundaries the README states. We first used
 * eslint-plugin-import-x's no-restricted-paths, but it needs unrs-resolver, whose native bindings for
 * other platforms the npm registry we can reach does not serve, so `npm ci` refused the lockfile; every
 * import here is relative, so resolving it is one path.resolve and the rule stays this small.
 *
 * Options: { zones: [{ target, from, except?, message }] }, folders relative to the project root: a file
 * under `target` may not import a module under `from` unless it is under one of `except` (relative to `from`).
 */
const root = process.cwd();
const inside = (file, folder) => {
  const rel = path.relative(folder, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

const noRestrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps code on its side of the boundaries the README states' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: { target: { type: 'string' }, from: { type: 'string' }, except: { type: 'array', items: { type: 'string' } }, message: { type: 'string' } },
              required: ['target', 'from'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const file = path.resolve(context.filename);
    const zones = (context.options[0]?.zones ?? [])
      .map((z) => ({ ...z, target: path.resolve(root, z.target), from: path.resolve(root, z.from) }))
      .filter((z) => inside(file, z.target));
    if (zones.length === 0) return {};
    const check = (node, source) => {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const imported = path.resolve(path.dirname(file), source);
      for (const zone of zones) {
        if (!inside(imported, zone.from)) continue;
        if ((zone.except ?? []).some((e) => inside(imported, path.resolve(zone.from, e)))) continue;
        context.report({ node, message: `不允许的导入 "${source}"：${zone.message ?? '越过了模块边界'}` });
      }
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

export default { rules: { 'no-restricted-paths': noRestrictedPaths } };
