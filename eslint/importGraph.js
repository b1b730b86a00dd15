import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

/**
 * What the local rules of eslint/boundaries.js share: the project root, how an import specifier becomes a
 * file (relative paths and the `@domain/…` / `@/…` aliases of tsconfig.base.json, the same that
 * vite-plugins/aliases.ts gives the bundler), and each file's imports read from disk for the cycle check.
 * Files are parsed with the TypeScript compiler the project already depends on (it reads TSX and tells
 * type-only imports apart, which a regex would not), and kept by modification time so an editor's
 * long-running ESLint sees edits.
 */
// Required, not imported: ESM's import of the CommonJS compiler would scan its 9 MB for export names first.
const ts = createRequire(import.meta.url)('typescript');

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const inside = (file, folder) => {
  const rel = path.relative(folder, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** [prefix, folder] pairs from tsconfig.base.json's `paths` ("@domain/*": ["./domain/*"]). */
const aliases = (() => {
  const configFile = path.join(root, 'tsconfig.base.json');
  const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
  const paths = config?.compilerOptions?.paths ?? {};
  return Object.entries(paths)
    .filter(([key, targets]) => key.endsWith('/*') && targets[0]?.endsWith('/*'))
    .map(([key, targets]) => [key.slice(0, -1), path.resolve(root, targets[0].slice(0, -1))])
    // The longest prefix first: `@domain/` must not be read as `@/`-something.
    .sort((a, b) => b[0].length - a[0].length);
})();

const isFile = (file) => {
  try {
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
};

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.js', '.jsx', '.mjs', '.cjs'];

/** The file an absolute module path names: as written, with an extension, as a folder's index, or `.js` for `.ts`. */
function toFile(modulePath) {
  if (isFile(modulePath)) return modulePath;
  for (const ext of EXTENSIONS) if (isFile(modulePath + ext)) return modulePath + ext;
  const jsLike = /\.(m?js|jsx)$/.exec(modulePath);
  if (jsLike) {
    const stem = modulePath.slice(0, -jsLike[0].length);
    for (const ext of ['.ts', '.tsx', '.mts']) if (isFile(stem + ext)) return stem + ext;
  }
  for (const ext of EXTENSIONS) if (isFile(path.join(modulePath, 'index' + ext))) return path.join(modulePath, 'index' + ext);
  return null;
}

/**
 * Where `source`, imported from `fromFile`, lives in the project: { path, file }, `path` the absolute
 * module path (enough to tell which folder it is in, even for a file not written yet) and `file` the file
 * it resolves to (null when none exists); or null for a package (`react`, `node:fs`, `@sinclair/typebox`).
 */
export function resolveImport(source, fromFile) {
  if (typeof source !== 'string') return null;
  const bare = source.replace(/[?#].*$/, '');
  let modulePath = null;
  if (bare.startsWith('.')) modulePath = path.resolve(path.dirname(fromFile), bare);
  else {
    for (const [prefix, folder] of aliases) {
      if (bare.startsWith(prefix)) {
        modulePath = path.join(folder, bare.slice(prefix.length));
        break;
      }
      // `@domain` alone is the folder, as vite-plugins/aliases.ts has it.
      if (bare === prefix.slice(0, -1)) {
        modulePath = folder;
        break;
      }
    }
  }
  if (modulePath === null) return null;
  return { path: modulePath, file: toFile(modulePath) };
}

/** The package a bare specifier names: `@scope/name` or `name`, `node:fs` as it is. */
export function packageName(source) {
  const parts = source.split('/');
  return source.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const SCRIPT = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const parsed = new Map();
/**
 * How long what was read from disk is trusted without looking again: one `eslint .` asks for the same
 * files hundreds of times, and an editor lints the file being edited from its text, not from disk.
 */
const FRESH_MS = 2000;

/** The imports of a file on disk (type-only ones too), as resolved files inside the project (cached by mtime). */
export function importsOf(file) {
  if (!SCRIPT.test(file) || file.endsWith('.d.ts') || file.includes(`${path.sep}node_modules${path.sep}`)) return [];
  const now = Date.now();
  const cached = parsed.get(file);
  if (cached && now - cached.checked < FRESH_MS) return cached.imports;
  let mtime;
  try {
    mtime = fs.statSync(file).mtimeMs;
  } catch {
    return [];
  }
  if (cached && cached.mtime === mtime) {
    cached.checked = now;
    return cached.imports;
  }
  const text = fs.readFileSync(file, 'utf8');
  const kind = /x$/.test(file) ? ts.ScriptKind.TSX : file.endsWith('.ts') ? ts.ScriptKind.TS : ts.ScriptKind.JS;
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const specifiers = [];
  // Type-only imports count: a knot of types is a knot of modules a reader and the compiler must take together.
  for (const statement of sourceFile.statements) {
    if (ts.isImportDeclaration(statement)) specifiers.push(statement.moduleSpecifier.text);
    else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) specifiers.push(statement.moduleSpecifier.text);
  }
  const visit = (node) => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
      specifiers.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  if (text.includes('import(')) visit(sourceFile);
  const imports = [...new Set(specifiers.map((s) => resolveImport(s, file)?.file).filter((f) => f && inside(f, root) && !f.includes(`${path.sep}node_modules${path.sep}`)))];
  parsed.set(file, { mtime, checked: now, imports });
  return imports;
}

const reachable = new Map();

/**
 * Whether `file` can be reached from `start` along the imports on disk. The set reachable from a module
 * is kept a moment (FRESH_MS) and shared by every file that imports it, which is what makes the cycle
 * check of a whole `eslint .` cheap; only a file found on a cycle pays for pathBack's way.
 */
export function reaches(start, file) {
  const now = Date.now();
  let entry = reachable.get(start);
  if (!entry || now - entry.at >= FRESH_MS) {
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length > 0) {
      for (const next of importsOf(queue.pop())) {
        if (seen.has(next)) continue;
        seen.add(next);
        queue.push(next);
      }
    }
    entry = { at: now, seen };
    reachable.set(start, entry);
  }
  return entry.seen.has(file);
}

/**
 * The shortest way back from `start` (a module `file` imports) to `file` along the files' imports on
 * disk, as the list of files from `start` to `file`; null when there is none.
 */
export function pathBack(start, file) {
  if (start === file) return [file];
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of importsOf(current)) {
      if (previous.has(next)) continue;
      previous.set(next, current);
      if (next === file) {
        const way = [];
        for (let at = file; at !== null; at = previous.get(at)) way.unshift(at);
        return way;
      }
      queue.push(next);
    }
  }
  return null;
}
