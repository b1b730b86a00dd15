import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundary rules (eslint/boundaries.js, zones in eslint.config.js) against planted code: each
 * violation, linted at the path it would have, must be reported; a clean import must not be. The code is
 * linted from text, so nothing is written to the tree; the planted cycle is closed by a file that exists
 * (src/api/request.ts imports src/lib/feedback.ts).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
});

/** The boundary findings of `code` linted as the file at `file` (relative to the root). */
async function findings(file: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId?.startsWith('boundaries/'));
}

async function expectReported(file: string, code: string, rule: string, text: string | RegExp) {
  const messages = await findings(file, code);
  expect(messages.map((m) => m.ruleId)).toContain(rule);
  expect(messages.find((m) => m.ruleId === rule)?.message).toMatch(text);
}

// The first lint loads typescript-eslint and reads the import graph from disk: slow on a busy machine.
describe('boundary rules against planted violations', { timeout: 120_000 }, () => {
  it('domain/ imports neither the server, React, Node nor the browser app', async () => {
    await expectReported('domain/core/x.ts', `import x from '../../server/app';\nexport default x;\n`, 'boundaries/only-imports', 'domain 只能导入');
    await expectReported('domain/x.ts', `import x from '../server/app';\nexport default x;\n`, 'boundaries/only-imports', '../server/app');
    await expectReported('domain/core/x.ts', `import { useState } from 'react';\nexport const f = useState;\n`, 'boundaries/only-imports', '"react"');
    await expectReported('domain/core/x.ts', `import fs from 'node:fs';\nexport default fs;\n`, 'boundaries/only-imports', '"node:fs"');
    await expectReported('domain/core/x.ts', `import { Button } from 'antd';\nexport default Button;\n`, 'boundaries/only-imports', '"antd"');
    await expectReported('domain/core/x.ts', `export { call } from '@/api/call';\n`, 'boundaries/only-imports', '"@/api/call"');
  });

  it('the browser and the server do not import each other', async () => {
    await expectReported('src/components/X.tsx', `import { buildApp } from '../../server/app';\nexport default buildApp;\n`, 'boundaries/no-restricted-paths', '浏览器代码（src）不能导入服务器代码');
    await expectReported('server/lib/x.ts', `import '@/api/request';\n`, 'boundaries/no-restricted-paths', '服务器代码（server）不能导入浏览器代码');
    await expectReported('server/lib/x.ts', `import { request } from '../../src/api/request';\nexport default request;\n`, 'boundaries/no-restricted-paths', '服务器代码（server）不能导入浏览器代码');
    await expectReported('tests/server/x.test.ts', `const m = await import('../../src/api/request');\nexport default m;\n`, 'boundaries/no-restricted-paths', '服务器测试不能导入浏览器代码');
  });

  it('nothing below the route table and the app shell imports them', async () => {
    await expectReported('src/components/X.tsx', `import { guardLoader } from '../router/guardLoader';\nexport default guardLoader;\n`, 'boundaries/no-restricted-paths', 'src/components 不能导入 src/router');
    await expectReported('src/components/X.tsx', `import type { AppRoute } from '@/router/routes';\nexport type R = AppRoute;\n`, 'boundaries/no-restricted-paths', 'src/components 不能导入 src/router');
    await expectReported('src/layouts/X.tsx', `import App from '../app/App';\nexport default App;\n`, 'boundaries/no-restricted-paths', 'src/layouts 不能导入 src/app');
    await expectReported('src/stores/x.ts', `import { bindFeedback } from '@/app/AppProviders';\nexport default bindFeedback;\n`, 'boundaries/no-restricted-paths', 'src/stores 不能导入 src/app');
  });

  it('a feature does not import another feature, nor a layout any feature', async () => {
    await expectReported('src/features/finance/x.ts', `import { api } from '../system/api';\nexport default api;\n`, 'boundaries/no-restricted-paths', '功能模块之间不能互相导入');
    await expectReported('src/features/finance/x.ts', `import { api } from '@/features/system/api';\nexport default api;\n`, 'boundaries/no-restricted-paths', '功能模块之间不能互相导入');
    await expectReported('src/layouts/X.tsx', `import { api } from '../features/system/api';\nexport default api;\n`, 'boundaries/no-restricted-paths', 'src/layouts 不能导入功能模块');
  });

  it('an import that leads back to the importing file is a cycle, naming the files on the way', async () => {
    await expectReported('src/lib/feedback.ts', `import { request } from '../api/request';\nexport default request;\n`, 'boundaries/no-cycle', 'src/lib/feedback.ts → src/api/request.ts → src/lib/feedback.ts');
    await expectReported('src/lib/feedback.ts', `export const later = () => import('@/api/request');\n`, 'boundaries/no-cycle', '导入形成循环');
    // The build erases type-only imports, but a knot of types is still a knot.
    await expectReported('src/lib/feedback.ts', `import type { request } from '../api/request';\nexport type R = typeof request;\n`, 'boundaries/no-cycle', '导入形成循环');
  });

  it('server infrastructure imports no area, and a plugin no area service', async () => {
    const INFRA = '基础设施（server/lib、db、plugins、services）不能导入业务模块';
    await expectReported('server/services/x.ts', `import { templateFor } from '../modules/messaging/compose.service';\nexport default templateFor;\n`, 'boundaries/no-restricted-paths', INFRA);
    await expectReported('server/lib/x.ts', `import type { NoticeToSend } from '../modules/notices/noticeMessages.service';\nexport type N = NoticeToSend;\n`, 'boundaries/no-restricted-paths', INFRA);
    await expectReported('server/plugins/x.ts', `import { expandFanoutChunk } from '../modules/meeting/statusFanout.service';\nexport default expandFanoutChunk;\n`, 'boundaries/no-restricted-paths', INFRA);
    await expectReported('server/db/x.ts', `import { seedIfEmpty } from '../seed/seed';\nexport default seedIfEmpty;\n`, 'boundaries/no-restricted-paths', INFRA);
  });

  it('an area uses another area only through its public.ts', async () => {
    await expectReported('server/modules/meeting/x.ts', `import { templateFor } from '../messaging/compose.service';\nexport default templateFor;\n`, 'boundaries/no-restricted-paths', '只能通过对方的 public.ts');
    await expectReported('server/modules/system/x.ts', `import { notifyPrefsOf } from '../account/profile.repository';\nexport default notifyPrefsOf;\n`, 'boundaries/no-restricted-paths', '只能通过对方的 public.ts');
    expect(await findings('server/modules/meeting/x.ts', `import { templateFor } from '../messaging/public';\nimport { GENERATE_MAX } from './seatMap.repository';\nexport default [templateFor, GENERATE_MAX];\n`)).toEqual([]);
  });

  it('an area scopes its queries through server/services/scope.ts, never by reading the caller\'s scope itself', async () => {
    const [result] = await eslint.lintText(
      `import { inArray } from 'drizzle-orm';\nimport { activities } from '../../db/schema';\nimport type { Caller } from '../../services/resources/model';\nexport const w = (caller: Caller) => inArray(activities.projectId, caller.projectScope ?? []);\n`,
      { filePath: path.join(root, 'server/modules/meeting/x.ts') },
    );
    expect(result.messages.find((m) => m.ruleId === 'no-restricted-syntax')?.message).toMatch('server/services/scope.ts');
  });

  it('reports nothing for imports within the rules', async () => {
    expect(await findings('domain/core/x.ts', `import { Type } from '@sinclair/typebox';\nimport { Id } from './schemas';\nimport { CODE_OK } from '@domain/core/envelope';\nexport const X = Type.Object({ id: Id, code: Type.Literal(CODE_OK) });\n`)).toEqual([]);
    expect(await findings('src/components/X.tsx', `import { storage } from '../lib/storage';\nimport { call } from '@/api/call';\nimport { CODE_OK } from '@domain/core/envelope';\nexport default [storage, call, CODE_OK];\n`)).toEqual([]);
    expect(await findings('src/router/x.ts', `import { api } from '../features/system/api';\nimport { feedback } from '@/lib/feedback';\nexport default [api, feedback];\n`)).toEqual([]);
    expect(await findings('server/lib/x.ts', `import { CODE_OK } from '@domain/core/envelope';\nimport { route } from './route';\nexport default [CODE_OK, route];\n`)).toEqual([]);
  });
});
