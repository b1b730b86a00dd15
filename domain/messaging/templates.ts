/**
 * What the product sends to attendees and staff, and the words it sends: one entry per kind of message,
 * with the variables its template may use and the default template. An organiser may write its own
 * template for a kind (消息模板); what is not written falls back to these defaults. Rendering is here, in
 * the domain core, so the template form's preview and the outbox render alike.
 */

/** The variables a template may use, written `{姓名}` in the text. */
export const TEMPLATE_VARIABLES = {
  姓名: '收件人的姓名',
  活动: '活动名称',
  时间: '活动时间',
  地点: '活动地点',
  个人链接: '参会人员的个人页面（行程、座位、二维码）',
  参会码: '参会人员的个人参会码',
  主办方: '主办方名称',
  标题: '通知标题',
  内容: '通知正文',
  重置链接: '重置密码的链接',
  退订链接: '退订通知的链接',
} as const;
export type TemplateVariable = keyof typeof TEMPLATE_VARIABLES;
export type TemplateValues = Partial<Record<TemplateVariable, string>>;

/** One template: the email's subject and body (plain text; the HTML is made from it) and the SMS text. */
export interface MessageTemplate {
  subject: string;
  body: string;
  sms: string;
}

export interface MessageKind {
  key: string;
  label: string;
  /** Transactional messages (their own registration, their code) ignore an attendee's unsubscribe. */
  transactional: boolean;
  variables: readonly TemplateVariable[];
  defaults: MessageTemplate;
}

const ATTENDEE_VARS: readonly TemplateVariable[] = ['姓名', '活动', '时间', '地点', '个人链接', '参会码', '主办方'];

export const MESSAGE_KINDS = [
  {
    key: 'registered',
    label: '登记确认',
    transactional: true,
    variables: ATTENDEE_VARS,
    defaults: {
      subject: '【{活动}】登记确认',
      body: '{姓名}，您好：\n\n您已登记参加「{活动}」。\n时间：{时间}\n地点：{地点}\n\n您的参会码：{参会码}\n个人页面（行程、座位、入场二维码）：{个人链接}\n\n{主办方}',
      sms: '{姓名}，您已登记参加「{活动}」，{时间}，{地点}。个人页面：{个人链接}',
    },
  },
  {
    key: 'approved',
    label: '审核通过',
    transactional: true,
    variables: ATTENDEE_VARS,
    defaults: {
      subject: '【{活动}】登记已审核通过',
      body: '{姓名}，您好：\n\n您参加「{活动}」的登记已审核通过，入场时请出示二维码。\n时间：{时间}\n地点：{地点}\n个人页面：{个人链接}\n\n{主办方}',
      sms: '{姓名}，您参加「{活动}」的登记已审核通过，入场二维码见：{个人链接}',
    },
  },
  {
    key: 'cancelled',
    label: '登记取消',
    transactional: true,
    variables: ATTENDEE_VARS,
    defaults: {
      subject: '【{活动}】登记已取消',
      body: '{姓名}，您好：\n\n您参加「{活动}」的登记已取消，原参会码不再有效。如有疑问请联系主办方。\n\n{主办方}',
      sms: '{姓名}，您参加「{活动}」的登记已取消，原参会码不再有效。',
    },
  },
  {
    key: 'qrcode',
    label: '补发二维码',
    transactional: true,
    variables: ATTENDEE_VARS,
    defaults: {
      subject: '【{活动}】您的入场二维码',
      body: '{姓名}，您好：\n\n这是您参加「{活动}」的入场二维码（见附件），参会码：{参会码}。\n个人页面：{个人链接}\n\n{主办方}',
      sms: '{姓名}，您参加「{活动}」的入场二维码见：{个人链接}',
    },
  },
  {
    key: 'notice',
    label: '通知公告',
    transactional: false,
    variables: [...ATTENDEE_VARS, '标题', '内容', '退订链接'],
    defaults: {
      subject: '【{活动}】{标题}',
      body: '{姓名}，您好：\n\n{内容}\n\n个人页面：{个人链接}\n\n{主办方}\n不想再收到此类通知？退订：{退订链接}',
      sms: '【{活动}】{标题}：{内容}',
    },
  },
  {
    key: 'passwordReset',
    label: '重置密码',
    transactional: true,
    variables: ['姓名', '重置链接', '主办方'],
    defaults: {
      subject: '重置主办之家登录密码',
      body: '{姓名}，您好：\n\n请在 30 分钟内打开下面的链接设置新密码；如果不是您本人操作，请忽略本邮件。\n{重置链接}',
      sms: '{姓名}，重置密码链接（30 分钟内有效）：{重置链接}',
    },
  },
] as const satisfies readonly MessageKind[];

export type MessageKindKey = (typeof MESSAGE_KINDS)[number]['key'];

export function messageKind(key: MessageKindKey): MessageKind {
  return MESSAGE_KINDS.find((kind) => kind.key === key)!;
}

/** `{变量}` replaced by its value (empty when it has none); a name that is no variable keeps its braces, so the preview shows the typo. */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(/\{([^{}]{1,8})\}/g, (whole, name: string) =>
    name in TEMPLATE_VARIABLES ? (values[name as TemplateVariable] ?? '') : whole,
  );
}

/** SMS are billed by segment: 70 characters in one, 67 each once longer (the header of a long message). */
export function smsSegments(text: string): number {
  const length = [...text].length;
  if (length === 0) return 0;
  return length <= 70 ? 1 : Math.ceil(length / 67);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The HTML part of an email made from its plain text: escaped, paragraphs kept, links clickable. */
export function textToHtml(text: string): string {
  const escaped = text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
  const linked = escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
  return `<div style="font-family:sans-serif;font-size:14px;line-height:1.7">${linked.replace(/\n/g, '<br>')}</div>`;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

/** A template with its values: what the preview shows and the outbox sends. */
export function renderMessage(template: MessageTemplate, values: TemplateValues): RenderedMessage {
  const text = fillTemplate(template.body, values);
  return { subject: fillTemplate(template.subject, values), text, html: textToHtml(text), sms: fillTemplate(template.sms, values) };
}
