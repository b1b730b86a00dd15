import { describe, expect, it } from 'vitest';
import { deliveryErrorText } from '@domain/messaging/deliveryErrors';

describe('deliveryErrorText', () => {
  it('says a transport error in Chinese for its channel', () => {
    expect(deliveryErrorText('email', 'connect ECONNREFUSED 127.0.0.1:21025')).toBe('无法连接邮件服务器');
    expect(deliveryErrorText('sms', 'connect ECONNREFUSED 127.0.0.1:8080')).toBe('无法连接短信服务商');
    expect(deliveryErrorText('email', 'Connection timeout')).toBe('邮件服务器响应超时');
    expect(deliveryErrorText('email', 'Invalid login: 535 5.7.8 Authentication failed')).toBe('邮件服务器拒绝登录（发信账号或密码错误）');
    expect(deliveryErrorText('email', "Can't send mail - all recipients were rejected: 550 5.1.1 User unknown")).toBe('收件地址被拒收（地址不存在或已停用）');
    expect(deliveryErrorText('email', '554 mailbox unavailable')).toBe('收件地址被拒收（地址不存在或已停用）');
    expect(deliveryErrorText('sms', 'aliyun isv.BUSINESS_LIMIT_CONTROL 触发流控')).toBe('超过短信服务商对该号码的发送频率限制');
    expect(deliveryErrorText('sms', 'aliyun isv.MOBILE_NUMBER_ILLEGAL')).toBe('手机号码无效');
  });

  it('falls back to a plain failure, and to nothing without an error', () => {
    expect(deliveryErrorText('email', 'something odd')).toBe('邮件发送失败');
    expect(deliveryErrorText('sms', 'something odd')).toBe('短信发送失败');
    expect(deliveryErrorText('sms', null)).toBeNull();
  });
});
