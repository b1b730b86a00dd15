import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import boundaries from './eslint/boundaries.js';

/**
 * The boundaries the README states, as rules (the rule is eslint/boundaries.js):
 * - domain/ runs in the browser and in the server: it imports neither React, antd nor Node;
 * - a feature never imports another feature (features meet in page files and stores);
 * - layouts, components, stores, api and lib never import a feature; the route table (src/router) and
 *   the app shell are where features are composed, so they may.
 */
const features = fs.readdirSync('src/features', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

const boundaryZones = [
  ...['layouts', 'components', 'stores', 'api', 'lib', 'config', 'hooks'].map((folder) => ({
    target: `./src/${folder}`,
    from: './src/features',
    message: `src/${folder} 不能导入功能模块（features）。`,
  })),
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message: '功能模块之间不能互相导入；共用的部分放到 components、stores 或 shared。',
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
    files: ['src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/no-restricted-paths': ['error', { zones: boundaryZones }] },
  },
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['react', 'react-*', 'react/*', 'antd', 'antd/*', '@ant-design/*'], message: 'domain 不能导入 React 或 antd。' },
            { group: ['node:*', 'fs', 'path', 'crypto', 'os', 'url', 'buffer', 'stream', 'fastify', 'fastify/*', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg'], message: 'domain 不能导入 Node 或服务器模块。' },
          ],
        },
      ],
    },
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
