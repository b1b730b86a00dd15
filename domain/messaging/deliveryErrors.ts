/**
 * A send's last error (outbox_messages.last_error: what nodemailer or the SMS provider said, e.g.
 * 「connect ECONNREFUSED 127.0.0.1:21025」) as an organiser reads it in 消息记录. The technical text stays
 * beside it, folded, for whoever fixes the mail server.
 */

interface Rule {
  test: RegExp;
  email?: string;
  sms?: string;
}

/** First match wins: a rejected recipient before the generic codes its text may also carry. */
const RULES: readonly Rule[] = [
  { test: /ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ENETUNREACH|EAI_AGAIN|ECONNRESET|EPIPE/, email: '无法连接邮件服务器', sms: '无法连接短信服务商' },
  { test: /ETIMEDOUT|ESOCKETTIMEDOUT|timed? ?out|timeout/i, email: '邮件服务器响应超时', sms: '短信服务商响应超时' },
  { test: /EAUTH|Invalid login|authentication|\b53[45]\b/i, email: '邮件服务器拒绝登录（发信账号或密码错误）' },
  { test: /SignatureDoesNotMatch|InvalidAccessKeyId|Forbidden/i, sms: '短信服务商拒绝了接入密钥或签名' },
  { test: /MOBILE_NUMBER_ILLEGAL|mobile.*illegal/i, sms: '手机号码无效' },
  { test: /BUSINESS_LIMIT_CONTROL|DAY_LIMIT_CONTROL|MONTH_LIMIT_CONTROL/, sms: '超过短信服务商对该号码的发送频率限制' },
  { test: /AMOUNT_NOT_ENOUGH|OUT_OF_SERVICE/, sms: '短信账户余额不足或已停用' },
  { test: /SMS_TEMPLATE_ILLEGAL|SMS_SIGNATURE_ILLEGAL|TEMPLATE_MISSING_PARAMETERS/, sms: '短信模板或签名未通过服务商审核' },
  { test: /EENVELOPE|recipient|mailbox|\b55[0-4]\b|User unknown|No such user/i, email: '收件地址被拒收（地址不存在或已停用）' },
  { test: /EMESSAGE|\b552\b|too large/i, email: '邮件被拒收（内容或大小不符合对方要求）' },
];

/** The error in Chinese for its channel (email / sms); null when there was none. */
export function deliveryErrorText(channel: string, error: string | null | undefined): string | null {
  if (!error) return null;
  const key = channel === 'sms' ? 'sms' : 'email';
  for (const rule of RULES) {
    const text = rule[key];
    if (text && rule.test.test(error)) return text;
  }
  return key === 'sms' ? '短信发送失败' : '邮件发送失败';
}
