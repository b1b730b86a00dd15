import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './eslint/boundaries.js';

/**
 * The boundaries the README states, as rules (the rules are eslint/boundaries.js):
 * - domain/ runs in the browser and in the server: it imports only domain/ and the libraries declared in
 *   DOMAIN_PACKAGES (neither React, antd nor Node, nor src/ or server/);
 * - the browser (src/) and the server (server/, and its tests) never import each other;
 * - the route table (src/router) and the app shell (src/app) are the top of the browser: they compose the
 *   features and layouts, so nothing below imports them back;
 * - a feature never imports another feature (features meet in page files and stores);
 * - layouts, components, stores, api and lib never import a feature;
 * - no import cycles, anywhere.
 */
const features = fs.readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

/**
 * The server's layers (docs/architecture.md, 服务器的分层): infrastructure (lib, db, plugins, services and the
 * server-wide config, messages and types) serves every area and imports none; an area
 * (server/modules/<area>/) holds its routes, services and repositories and uses another area only through
 * that area's public.ts; app.ts, main.ts, routes/, seed/ and the modules' index files compose them.
 */
const areas = fs.readdirSync('server/modules', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const INFRASTRUCTURE = ['./server/lib', './server/db', './server/plugins', './server/services', './server/config.ts', './server/messages.ts', './server/types.ts'];
const COMPOSITION = ['./server/modules', './server/seed', './server/routes', './server/app.ts', './server/main.ts'];

/**
 * What domain/ may import besides itself: TypeBox for the contracts' schemas, and crypto-js, the
 * platform-free SHA-256 of the request signature (domain/core/sign.ts).
 */
const DOMAIN_PACKAGES = ['@sinclair/typebox', 'crypto-js'];

/** Every folder of src/ below the route table and the app shell. */
const BELOW_APP = ['components', 'layouts', 'features', 'stores', 'api', 'lib', 'hooks', 'config'];

const serverZones = [
  ...INFRASTRUCTURE.flatMap((target) =>
    COMPOSITION.map((from) => ({
      target,
      from,
      message: '基础设施（server/lib、db、plugins、services）不能导入业务模块（server/modules）或组装代码；需要业务规则时由 app.ts 以参数传入。',
    })),
  ),
  ...areas.map((name) => ({
    target: `./server/modules/${name}`,
    from: './server/modules',
    except: [`./${name}`, ...areas.filter((other) => other !== name).map((other) => `./${other}/public`)],
    message: '业务模块之间只能通过对方的 public.ts 导入。',
  })),
];

const boundaryZones = [
  ...serverZones,
  { target: './src', from: './server', message: '浏览器代码（src）不能导入服务器代码（server）。' },
  { target: './server', from: './src', message: '服务器代码（server）不能导入浏览器代码（src）。' },
  { target: './tests/server', from: './src', message: '服务器测试不能导入浏览器代码（src）。' },
  ...BELOW_APP.flatMap((folder) =>
    ['router', 'app'].map((top) => ({
      target: `./src/${folder}`,
      from: `./src/${top}`,
      message: `src/${folder} 不能导入 src/${top}：路由表与应用外壳在最上层，下层需要的东西放到 lib、api、stores 或 components。`,
    })),
  ),
  ...['layouts', 'components', 'stores', 'api', 'lib', 'config', 'hooks'].map((folder) => ({
    target: `./src/${folder}`,
    from: './src/features',
    message: `src/${folder} 不能导入功能模块（features）。`,
  })),
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: '功能模块之间不能互相导入；共用的部分放到 components、stores、lib 或 domain。',
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'build', 'node_modules', 'data', 'test-results', 'playwright-report', 'bench', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}', 'tests/unit/**/*.{ts,tsx}', 'tests/mocks/**/*.ts', 'tests/setup.client.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'tests/server/**/*.ts'],
    plugins: { boundaries },
    rules: { 'boundaries/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  {
    // Which rows a caller may reach is written once (server/services/scope.ts): an area's query asks it.
    files: ['server/modules/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^(projectScope|activityScope)$/]',
          message: '业务模块不直接读取调用者的项目/活动范围：用 server/services/scope.ts 的 activityScopeSql、projectScopeSql、activityInScope。',
        },
      ],
    },
  },
  {
    files: ['domain/**/*.ts'],
    plugins: { boundaries },
    rules: {
      'boundaries/only-imports': [
        'error',
        {
          zones: [
            {
              target: './domain',
              allow: ['./domain'],
              packages: DOMAIN_PACKAGES,
              message: `domain 只能导入 domain 与 ${DOMAIN_PACKAGES.join('、')}（不能导入 React、antd、Node、服务器或浏览器代码）。`,
            },
          ],
        },
      ],
    },
  },
  {
    plugins: { boundaries },
    rules: { 'boundaries/no-cycle': 'error' },
  },
  {
    files: ['server/**/*.ts', 'tests/server/**/*.ts', 'tests/e2e/**/*.ts', 'scripts/**/*.mjs', 'eslint/**/*.js', '*.config.{ts,js}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
