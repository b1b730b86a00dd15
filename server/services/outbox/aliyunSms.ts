import { createHmac, randomUUID } from 'node:crypto';

/**
 * Aliyun 短信服务 (dysmsapi, API version 2017-05-25) through its RPC interface, signed as its
 * documentation describes ("RPC 签名机制"): every parameter, sorted by name and percent-encoded
 * (RFC 3986, space as %20), joined into one query string; the string to sign is
 * `POST&%2F&` + that query string percent-encoded once more; the signature is HMAC-SHA1 of it with the
 * key `<AccessKeySecret>&`, in base64. No SDK: this is all the SDK would do for one call.
 */

export interface AliyunSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  endpoint: string;
}

export interface AliyunSmsRequest {
  phoneNumbers: string;
  templateCode: string;
  templateParam: Record<string, string>;
}

/** RFC 3986 encoding as Aliyun wants it: encodeURIComponent leaves !'()* alone, Aliyun does not. */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key])}`)
    .join('&');
}

export function aliyunSignature(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const toSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(toSign).digest('base64');
}

/** The signed parameters of one SendSms call (without Signature, which signedParams adds). */
export function sendSmsParams(settings: AliyunSmsSettings, request: AliyunSmsRequest, now: number): Record<string, string> {
  return {
    AccessKeyId: settings.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: request.phoneNumbers,
    RegionId: 'cn-hangzhou',
    SignName: settings.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: randomUUID(),
    SignatureVersion: '1.0',
    TemplateCode: request.templateCode,
    TemplateParam: JSON.stringify(request.templateParam),
    Timestamp: new Date(now).toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
}

/** Sends one SMS; resolves to the provider's BizId, rejects with the provider's own words otherwise. */
export async function aliyunSendSms(settings: AliyunSmsSettings, request: AliyunSmsRequest, now: number): Promise<string> {
  const params = sendSmsParams(settings, request, now);
  const signed = { ...params, Signature: aliyunSignature('POST', params, settings.accessKeySecret) };
  // POST with a form body: the parameters (numbers, texts) stay out of proxies' URL logs.
  const response = await fetch(settings.endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: canonicalQuery(signed),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  let answer: { Code?: string; Message?: string; BizId?: string } = {};
  try {
    answer = JSON.parse(text) as typeof answer;
  } catch {
    throw new Error(`aliyun HTTP ${response.status}: ${text.slice(0, 200)}`);
  }
  if (answer.Code !== 'OK') throw new Error(`aliyun ${answer.Code ?? response.status}: ${answer.Message ?? ''}`.trim());
  return answer.BizId ?? '';
}
