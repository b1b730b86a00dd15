import { describe, expect, it } from 'vitest';
import { contractSchemas } from '../../vite-plugins/contractSchemas';

type Handler = (code: string, id: string) => { code: string } | null;
const transform = (contractSchemas()[1].transform as { handler: Handler }).handler;

const SOURCE = `import { Type } from '@sinclair/typebox';
import { endpoint } from '../core/contract';
export const Row = Type.Object({ name: Type.String({ description: '名称（中文）' }) });
export const STATUS = { off: 0, on: 1 };
export const rowPage = endpoint({ method: 'GET', path: '/系统/row/page', authority: 'MENU_x', query: Type.Object({}), response: Row });
export const rowAdd = endpoint({ method: 'POST', path: '/x/add', body: Type.Object({ name: Type.String() }), authority: 'ACTION_x_add' });
`;

describe('the browser build of a contract module (vite-plugins/contractSchemas.ts)', () => {
  const out = transform(SOURCE, '/repo/domain/system/rows.contracts.ts')!.code;

  it('keeps method, path and authority and cuts the schemas and the endpoint() call, also after Chinese text', () => {
    expect(out).toContain(`export const rowPage = ({ method: 'GET', path: '/系统/row/page', authority: 'MENU_x' });`);
    expect(out).toContain(`export const rowAdd = ({ method: 'POST', path: '/x/add', authority: 'ACTION_x_add' });`);
  });

  it('marks every other call pure, so unused schemas are dropped, and leaves plain data alone', () => {
    expect(out).toContain(`export const Row = /* @__PURE__ */ Type.Object({ name: /* @__PURE__ */ Type.String({ description: '名称（中文）' }) });`);
    expect(out).toContain('export const STATUS = { off: 0, on: 1 };');
    expect(new Function(out.replace(/^import .*$/gm, '').replace(/export /g, '').replace(/Type\./g, '({}).') + 'return 1')).toBeTypeOf('function');
  });

  it('leaves modules that are not contracts untouched', () => {
    expect(transform(SOURCE, '/repo/domain/system/rows.ts')).toBeNull();
  });
});
