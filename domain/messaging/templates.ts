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
  账号: '登录账号（用户名）',
  退订链接: '退订通知与群发消息的链接',
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
  /**
   * The variables its SMS may use, when fewer than `variables`: a message a stranger's form can send to any
   * mobile (登记确认) carries none of what the form's submitter typed, so it cannot carry their words.
   */
  smsVariables?: readonly TemplateVariable[];
  defaults: MessageTemplate;
}

const ATTENDEE_VARS: readonly TemplateVariable[] = ['姓名', '活动', '时间', '地点', '个人链接', '参会码', '主办方'];

/**
 * Values someone other than the organiser typed (an attendee's name on the public form, an account name
 * chosen at sign-up): in a message they are text only — escaped, never made a link — and a message a
 * public form sends by SMS carries none of them.
 */
export const TYPED_BY_OTHERS: readonly TemplateVariable[] = ['姓名', '账号'];

export const MESSAGE_KINDS = [
  {
    key: 'registered',
    label: '登记确认',
    transactional: true,
    variables: ATTENDEE_VARS,
    // Sent on a stranger's submission of the public form to the mobile typed there: the activity's own words and the link only.
    smsVariables: ATTENDEE_VARS.filter((name) => !TYPED_BY_OTHERS.includes(name)),
    defaults: {
      subject: '【{活动}】登记确认',
      body: '{姓名}，您好：\n\n您已登记参加「{活动}」。\n时间：{时间}\n地点：{地点}\n\n您的参会码：{参会码}\n个人页面（行程、座位、入场二维码）：{个人链接}\n\n{主办方}',
      sms: '您已登记参加「{活动}」，{时间}，{地点}。个人页面：{个人链接}',
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
      body: '{姓名}，您好：\n\n这是您参加「{活动}」的入场二维码（见下图，也在附件中），入场时请出示。\n时间：{时间}\n地点：{地点}\n参会码：{参会码}\n个人页面：{个人链接}\n\n{主办方}',
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
    // 参会人员 → 发送消息 (domain/meeting/personMessages.contracts.ts): the organiser's own words to a group,
    // so an unsubscribe applies and an SMS says how to stop them. The template is the frame 自由编写 starts from.
    key: 'message',
    label: '群发消息',
    transactional: false,
    variables: [...ATTENDEE_VARS, '退订链接'],
    defaults: {
      subject: '【{活动}】',
      body: '{姓名}，您好：\n\n\n\n个人页面：{个人链接}\n\n{主办方}\n不想再收到此类消息？退订：{退订链接}',
      sms: '【{活动}】',
    },
  },
  {
    key: 'passwordReset',
    label: '重置密码',
    transactional: true,
    variables: ['姓名', '账号', '重置链接', '主办方'],
    defaults: {
      subject: '重置主办之家登录密码',
      body: '{姓名}，您好：\n\n有人为您的账号 {账号} 申请了重置密码。请在 30 分钟内打开下面的链接设置新密码（链接只能使用一次）；如果不是您本人操作，请忽略本邮件，您的密码不会改变。\n{重置链接}\n\n{主办方}',
      sms: '{姓名}，重置密码链接（30 分钟内有效）：{重置链接}',
    },
  },
] as const satisfies readonly MessageKind[];

export type MessageKindKey = (typeof MESSAGE_KINDS)[number]['key'];

export function messageKind(key: MessageKindKey): MessageKind {
  return MESSAGE_KINDS.find((kind) => kind.key === key)!;
}

/**
 * Whether messages of `kind` are bulk mail: sent by the organiser to many at once, not asked for by the
 * recipient's own action (their registration, their code, their password). Exactly the kinds an
 * unsubscribe stops (`transactional` false): those carry 退订 in their text and, by email, the
 * List-Unsubscribe headers of one-click unsubscribe (RFC 8058); an unknown kind is not bulk. One
 * question for every sender, so a new kind of mass message (群发) only has to say `transactional: false`.
 */
export function isBulkKind(kind: string): boolean {
  const known = MESSAGE_KINDS.find((k) => k.key === kind);
  return known !== undefined && !known.transactional;
}

/** The kinds of isBulkKind. */
export const BULK_KINDS: readonly MessageKindKey[] = MESSAGE_KINDS.filter((kind) => !kind.transactional).map((kind) => kind.key);

/**
 * `{变量}` replaced by its value (empty when it has none); a name that is no variable keeps its braces, so the
 * preview shows the typo. Own names only: `in` also saw Object.prototype's ({toString} became a function's text).
 */
export function fillTemplate(text: string, values: TemplateValues): string {
  return text.replace(/\{([^{}]{1,8})\}/g, (whole, name: string) =>
    Object.hasOwn(TEMPLATE_VARIABLES, name) ? (values[name as TemplateVariable] ?? '') : whole,
  );
}

/** SMS are billed by segment: 70 characters in one, 67 each once longer (the header of a long message). */
export function smsSegments(text: string): number {
  const length = [...text].length;
  if (length === 0) return 0;
  return length <= 70 ? 1 : Math.ceil(length / 67);
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);
const linkify = (escaped: string) => escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);
const htmlLines = (html: string) => html.replace(/\n/g, '<br>');
const wrapHtml = (inner: string) => `<div style="font-family:sans-serif;font-size:14px;line-height:1.7">${inner}</div>`;

/** The HTML part of an email made from its plain text: escaped, paragraphs kept, links clickable. Text the organiser wrote only. */
export function textToHtml(text: string): string {
  return wrapHtml(htmlLines(linkify(escapeHtml(text))));
}

/**
 * The HTML part of an email filled from its template: the organiser's own words and the product's links
 * clickable, every value typed by someone else (TYPED_BY_OTHERS: a name `http://evil.example/p` typed
 * into a public form) escaped and left as text, so a stranger cannot put a link into the organiser's mail.
 */
export function templateToHtml(text: string, values: TemplateValues): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(/\{([^{}]{1,8})\}/g)) {
    const name = match[1];
    if (!Object.hasOwn(TEMPLATE_VARIABLES, name)) continue;
    html += linkify(escapeHtml(text.slice(from, match.index)));
    const value = escapeHtml(values[name as TemplateVariable] ?? '');
    html += TYPED_BY_OTHERS.includes(name as TemplateVariable) ? value : linkify(value);
    from = match.index + match[0].length;
  }
  html += linkify(escapeHtml(text.slice(from)));
  return wrapHtml(htmlLines(html));
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  sms: string;
}

/**
 * A template with its values: what the preview shows and the outbox sends. The SMS of a kind with
 * smsVariables is filled with those only (an organiser's older template that names another gets nothing there).
 */
export function renderMessage(template: MessageTemplate, values: TemplateValues, kind?: MessageKind): RenderedMessage {
  const smsValues = kind?.smsVariables ? Object.fromEntries(kind.smsVariables.map((name) => [name, values[name]])) : values;
  return {
    subject: fillTemplate(template.subject, values),
    text: fillTemplate(template.body, values),
    html: templateToHtml(template.body, values),
    sms: fillTemplate(template.sms, smsValues),
  };
}

/** The kinds of the verification codes (server/services/smsSender.ts): outbox rows too, but without a template. */
export const SMS_CODE_KINDS = [
  { key: 'register', label: '注册验证码' },
  { key: 'resetPassword', label: '找回密码验证码' },
  { key: 'preRegister', label: '参会登记验证码' },
] as const;

/** Every kind 消息记录 can show, with its Chinese name: the template kinds, then the code kinds. */
export const MESSAGE_KIND_OPTIONS: ReadonlyArray<{ key: string; label: string }> = [
  ...MESSAGE_KINDS.map(({ key, label }) => ({ key, label })),
  ...SMS_CODE_KINDS,
];

/** The Chinese name of a kind as stored in the outbox; an unknown kind shows as stored. */
export function messageKindLabel(key: string): string {
  return MESSAGE_KIND_OPTIONS.find((kind) => kind.key === key)?.label ?? key;
}

/** Longest texts a template may hold (message_templates in server/db/schema.ts). */
export const TEMPLATE_LIMITS = { subject: 200, body: 5000, sms: 500 } as const;
export const TEMPLATE_FIELD_LABELS = { subject: '邮件主题', body: '邮件正文', sms: '短信内容' } as const;
export type TemplateField = keyof typeof TEMPLATE_FIELD_LABELS;

/** What the preview fills in: a plausible attendee of a plausible activity. */
export const SAMPLE_VALUES: Required<TemplateValues> = {
  姓名: '张三',
  活动: '2026中国国际智慧城市博览会',
  时间: '2026-12-08 09:00 至 2026-12-11 17:00',
  地点: '上海市青浦区崧泽大道333号 国家会展中心（上海）',
  个人链接: 'https://example.com/zbzj/pre/mine?code=Ab3dE5gH7jK9mN1pQ3sT5v',
  参会码: 'Ab3dE5gH7jK9mN1pQ3sT5v',
  主办方: '华展国际会展服务（上海）有限公司',
  标题: '开幕式时间调整',
  内容: '开幕式改为 12 月 8 日 10:00 在 1 号馆举行，请提前 30 分钟入场。',
  重置链接: 'https://example.com/zbzj/htxx/resetPw?resetToken=…',
  账号: 'zhangsan',
  退订链接: 'https://example.com/zbzj/pre/unsubscribe?code=Ab3dE5gH7jK9mN1pQ3sT5v&sig=…',
};

/** The `{名称}` a text uses, in order, each once. */
export function templateNames(text: string): string[] {
  return [...new Set([...text.matchAll(/\{([^{}]{1,8})\}/g)].map((match) => match[1]))];
}

/**
 * What is wrong with a template for `kind`, one message per field, in Chinese: the subject and body are
 * required (an SMS text may be empty: then no SMS is sent for this kind), each within its length, and
 * every `{名称}` must be one of the kind's variables.
 */
export function templateProblems(kind: MessageKind, template: MessageTemplate): Array<{ field: TemplateField; msg: string }> {
  const problems: Array<{ field: TemplateField; msg: string }> = [];
  for (const field of ['subject', 'body', 'sms'] as const) {
    const text = template[field];
    const label = TEMPLATE_FIELD_LABELS[field];
    if (field !== 'sms' && !text.trim()) {
      problems.push({ field, msg: `请输入${label}` });
      continue;
    }
    if ([...text].length > TEMPLATE_LIMITS[field]) {
      problems.push({ field, msg: `${label}不能超过 ${TEMPLATE_LIMITS[field]} 个字` });
      continue;
    }
    const allowed: readonly string[] = field === 'sms' && kind.smsVariables ? kind.smsVariables : kind.variables;
    const unknown = templateNames(text).filter((name) => !allowed.includes(name));
    if (unknown.length) problems.push({ field, msg: `${label}中的 ${unknown.map((name) => `{${name}}`).join('、')} 不是「${kind.label}」${field === 'sms' && kind.smsVariables ? '短信' : ''}可用的变量` });
  }
  return problems;
}
