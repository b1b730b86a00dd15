import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** antd's components by their exported name: `export { default as Button } from './button';` in its index. */
function antdModules(): Map<string, string> {
  const index = require.resolve('antd/es/index.js');
  const modules = new Map<string, string>();
  for (const [, name, dir] of readFileSync(index, 'utf8').matchAll(/export \{ default as (\w+) \} from '\.\/([\w-]+)';/g)) {
    modules.set(name, `antd/es/${dir}/index.js`);
  }
  return modules;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*(["'])(antd|@ant-design\/icons)\2;?/g;

/**
 * `import { Button, Table } from 'antd'` (and the same from '@ant-design/icons') becomes one import of
 * each component's own module. Tree-shaking keeps only what is used either way; what changes is the
 * module graph the chunking sees: through the index every page "imports" every component, so
 * vite.config.ts could not tell the components and icons of the first screen from the others and put
 * them all in the chunks the home page loads. Only the browser build: tests import the index as written.
 * A name that is not a component of the index (none today) stays an import of the index.
 */
export function namedImports(): Plugin {
  let antd: Map<string, string> | null = null;
  return {
    name: 'zbzj:named-imports',
    apply: 'build',
    // After TypeScript is stripped: type-only names are gone from the imports by then.
    enforce: 'post',
    transform(code, id) {
      const file = id.replaceAll('\\', '/');
      if (file.includes('/node_modules/') || !/\/(src|domain)\/.+\.[jt]sx?$/.test(file)) return null;
      if (!code.includes('antd') && !code.includes('@ant-design/icons')) return null;
      antd ??= antdModules();
      const modules = antd;
      let changed = false;
      const out = code.replace(IMPORT, (whole, list: string, _quote: string, from: string) => {
        const kept: string[] = [];
        const single: string[] = [];
        for (const part of list.split(',').map((s) => s.trim()).filter(Boolean)) {
          const [name, local = name] = part.split(/\s+as\s+/).map((s) => s.trim());
          const target = from === 'antd' ? modules.get(name) : /^\w+(Outlined|Filled|TwoTone)$/.test(name) ? `@ant-design/icons/${name}` : undefined;
          if (target) single.push(`import ${local} from ${JSON.stringify(target)};`);
          else kept.push(part);
        }
        if (single.length === 0) return whole;
        changed = true;
        const rest = kept.length ? [`import { ${kept.join(', ')} } from ${JSON.stringify(from)};`] : [];
        // As many lines as the import had: the code after it keeps its place, and so its source map.
        return [...rest, ...single].join(' ') + '\n'.repeat(whole.split('\n').length - 1);
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
