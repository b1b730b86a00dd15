import { describe, expect, it } from 'vitest';
import { fillTemplate, messageKind, renderMessage, templateProblems, textToHtml } from '@domain/messaging/templates';

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

/** What an attendee typed is text in the mail, whatever it looks like; the organiser's words and the product's links are links. */
describe('the HTML part of a message', () => {
  it('never links a value typed by someone else, and links the template’s own text and the personal link', () => {
    const template = { subject: '{活动}', body: '{姓名}，您好：详情见 https://org.example/a\n{个人链接}\n{内容}', sms: '' };
    const html = renderMessage(template, { 姓名: 'http://evil.example/p', 个人链接: 'https://hz.example/zbzj/pre/mine?code=A&b', 内容: '议程：https://org.example/agenda' }).html;
    expect(html).toContain('http://evil.example/p，您好');
    expect(html).not.toMatch(/<a[^>]*evil/);
    expect(html).toContain('<a href="https://org.example/a">https://org.example/a</a>');
    expect(html).toContain('<a href="https://hz.example/zbzj/pre/mine?code=A&amp;b">');
    expect(html).toContain('<a href="https://org.example/agenda">');
    expect(textToHtml('a\nhttps://x.example')).toBe('<div style="font-family:sans-serif;font-size:14px;line-height:1.7">a<br><a href="https://x.example">https://x.example</a></div>');
  });
});

/** 登记确认 goes to any mobile a stranger types into the public form: its SMS carries none of what they typed. */
describe('the SMS of 登记确认', () => {
  const registered = messageKind('registered');
  it('leaves the name out, even where an organiser’s older template asks for it, and refuses {姓名} in a new one', () => {
    const values = { 姓名: '点此领奖 http://evil.example', 活动: '开幕式', 个人链接: 'https://hz.example/m' };
    expect(renderMessage(registered.defaults, values, registered).sms).toBe('您已登记参加「开幕式」，，。个人页面：https://hz.example/m');
    expect(renderMessage({ ...registered.defaults, sms: '{姓名}您好，{活动}' }, values, registered).sms).toBe('您好，开幕式');
    expect(templateProblems(registered, { ...registered.defaults, sms: '{姓名}您好' })).toEqual([{ field: 'sms', msg: '短信内容中的 {姓名} 不是「登记确认」短信可用的变量' }]);
    // Other kinds, sent by staff to people they entered, keep it.
    expect(renderMessage(messageKind('approved').defaults, values, messageKind('approved')).sms).toContain('点此领奖');
  });
});
