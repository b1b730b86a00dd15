import { describe, expect, it } from 'vitest';
import { fillTemplate, renderMessage } from '@domain/messaging/templates';

/** The template filling the preview and the outbox share (domain/messaging/templates.ts). */
describe('fillTemplate', () => {
  it('fills the variables and keeps the braces of any other name, an inherited property of objects included', () => {
    expect(fillTemplate('{姓名}，您好', { 姓名: '张三' })).toBe('张三，您好');
    expect(fillTemplate('{姓名}{活动}', {})).toBe('');
    // `name in TEMPLATE_VARIABLES` also found Object.prototype's names: {toString} became the text of a function.
    for (const name of ['toString', 'valueOf']) expect(fillTemplate(`{${name}}`, { 姓名: '张三' })).toBe(`{${name}}`);
  });

  it('escapes what the values say in the HTML part, and a value filled in is not filled again', () => {
    const rendered = renderMessage({ subject: '{标题}', body: '{姓名}：{内容}', sms: '' }, { 姓名: '<script>x</script>', 内容: '{姓名}<a href="javascript:alert(1)">点</a>', 标题: 't' });
    expect(rendered.text).toBe('<script>x</script>：{姓名}<a href="javascript:alert(1)">点</a>');
    expect(rendered.html).not.toMatch(/<script|<a href="javascript/);
  });
});
