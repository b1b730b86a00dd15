import { describe, expect, it } from 'vitest';
import { headerKey, matchColumns, missingFields, normaliseCell, normaliseDate, normaliseMobile } from '@domain/meeting/personImport.columns';

/** How an attendee file's headers are recognised and its cells cleaned (the same in the browser and on the server). */
describe('attendee file columns', () => {
  it('matches the headers people use, whatever their marks, brackets or width', () => {
    const columns = matchColumns(['名字', '手机号（必填）', '工作单位', '职位', 'E-mail', '身份证号', '人员类别*', '胸卡编号', '部门', '']);
    expect(columns.map((c) => [c.field, c.by])).toEqual([
      ['name', 'header'],
      ['mobile', 'header'],
      ['company', 'header'],
      ['jobTitle', 'header'],
      ['email', 'header'],
      ['idNo', 'header'],
      ['kind', 'header'],
      ['', 'ignored'],
      ['', 'none'],
      ['', 'ignored'],
    ]);
    expect(headerKey('　手机 号码＊')).toBe('手机号码');
    expect(missingFields(columns)).toEqual([]);
  });

  it('gives a field to one column only, and fills the rest from a mapping', () => {
    const columns = matchColumns(['手机', '电话', '参会者'], { 电话: 'remark', 参会者: 'name' });
    expect(columns.map((c) => [c.field, c.by])).toEqual([
      ['mobile', 'header'],
      ['remark', 'mapped'],
      ['name', 'mapped'],
    ]);
    expect(missingFields(matchColumns(['手机', '参会者']))).toEqual(['name']);
    // A mapping to a field another column already fills is not taken.
    expect(matchColumns(['手机', '电话'], { 电话: 'mobile' })[1]).toMatchObject({ field: '', by: 'none' });
  });

  it('writes mobiles as 11 digits however they were typed, and leaves other numbers for the rule to refuse', () => {
    for (const typed of ['139 1234 8888', '139-1234-8888', '+86 139 1234 8888', '+8613912348888', '0086 139 1234 8888', '１３９１２３４８８８８', '(139)1234—8888', '86 13912348888']) {
      expect(normaliseMobile(typed)).toBe('13912348888');
    }
    expect(normaliseMobile('1391234')).toBe('1391234');
    expect(normaliseMobile('010-6552 8888')).toBe('01065528888');
  });

  it('reads days in the forms Excel and people give', () => {
    expect(normaliseDate('46352')).toBe('2026-11-26');
    expect(normaliseDate('2026/1/5')).toBe('2026-01-05');
    expect(normaliseDate('2026.1.5')).toBe('2026-01-05');
    expect(normaliseDate('2026年1月5日')).toBe('2026-01-05');
    expect(normaliseDate('20260105')).toBe('2026-01-05');
    expect(normaliseDate('2026-01-05 09:30')).toBe('2026-01-05');
    expect(normaliseDate('下周一')).toBe('下周一');
  });

  it('trims text and turns certificate numbers and e-mails half-width', () => {
    expect(normaliseCell({ name: 'name', type: 'text' }, '  张伟\u3000')).toBe('张伟');
    expect(normaliseCell({ name: 'idNo', type: 'text' }, 'Ｅ１２３ ４５６７８')).toBe('E12345678');
    expect(normaliseCell({ name: 'email', type: 'text' }, 'ｚｗ＠example.com')).toBe('zw@example.com');
    expect(normaliseCell({ name: 'day', type: 'date' }, '2026/12/8')).toBe('2026-12-08');
  });
});
