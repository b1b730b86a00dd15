import { HttpResponse, type DefaultBodyType, type StrictRequest } from 'msw';
import { computeSign } from '@domain/core/sign';
import { eduProject, eduReport, type EduProjectShowcase, type ReportCheckResult } from '@domain/edu/eduPublic.contracts';
import { ssoLoginToken } from '@domain/session/session.contracts';
import { mock, refusal } from './contract';
import { ACCOUNTS, tokenOf } from './fixtures';
import { receivedParams } from './handlers';

/**
 * The SSO exchange and the education entry's public lookups as the client unit tests see them. Like the
 * shared handlers, each one first checks the request signature over exactly what arrived.
 */
const SECRET = import.meta.env.VITE_APP_SIGN_SECRET;
const envelope = (data: unknown, code = 0, msg = '操作成功') => ({ code, msg, data });

async function signed(request: StrictRequest<DefaultBodyType>): Promise<Record<string, string> | null> {
  const h = request.headers;
  const params = await receivedParams(request);
  const expected = computeSign(
    { ...params, ApiKey: h.get('ApiKey'), Timestamp: h.get('Timestamp'), SignType: h.get('SignType'), Nonce: h.get('Nonce') },
    SECRET,
  );
  return (h.get('Nonce') ?? '').length >= 16 && h.get('Sign') === expected ? params : null;
}

const badSignature = () => HttpResponse.json(envelope(null, 1, '签名校验失败'), { status: 400 });

/** Tickets the mock accepts once each: `ticket-<username>`; a second use is refused as the server does. */
export const ticketFor = (username: string) => `ticket-${username}`;

export const SHOWCASE: EduProjectShowcase = {
  reportNo: 'DS15-2026-000318',
  title: '“城市记忆”沉浸式展陈设计',
  teamName: '拾光设计小组',
  school: '浙江理工大学',
  category: '展示设计',
  status: 2,
  submittedDate: '2026-05-12',
};

/** The mobile of the seeded entrant's account (李同学): the report lookup wants it with the number. */
export const ENTRANT_MOBILE = '15068123377';

export const REPORTS: Record<string, ReportCheckResult> = {
  'DS15-2026-000318': { reportNo: 'DS15-2026-000318', title: SHOWCASE.title, status: 2, submittedDate: '2026-05-12', updatedDate: '2026-06-20' },
  'DS15-2026-000777': { reportNo: 'DS15-2026-000777', title: '运河文化巡回展视觉系统', status: 3, submittedDate: '2026-05-28', updatedDate: '2026-06-21' },
};

export function eduPublicHandlers() {
  const redeemed = new Set<string>();
  return [
    mock(ssoLoginToken, ({ params: form }) => {
      const username = form.ticket?.startsWith('ticket-') ? form.ticket.slice('ticket-'.length) : '';
      const account = ACCOUNTS[username];
      if (!account) return HttpResponse.json(envelope(null, 1, '单点登录凭证无效'));
      if (account.yhlx !== form.yhlx) {
        return HttpResponse.json(envelope(null, 1, account.yhlx === '1' ? '该账号请从主办方登录入口登录' : '该账号请从大赛登录入口登录'));
      }
      if (redeemed.has(form.ticket)) return HttpResponse.json(envelope(null, 1, '单点登录凭证已使用，请重新获取'));
      redeemed.add(form.ticket);
      return HttpResponse.json(envelope({ access_token: tokenOf(username), sjc: '20261121120000' }, 0, '登录成功'));
    }),

    mock(eduProject, async ({ request }) => {
      const query = await signed(request);
      if (!query) return badSignature();
      return query.no === SHOWCASE.reportNo ? SHOWCASE : refusal('未找到公开的参赛作品');
    }),

    mock(eduReport, async ({ request }) => {
      const query = await signed(request);
      if (!query) return badSignature();
      const report = query.mobile === ENTRANT_MOBILE ? REPORTS[query.no ?? ''] : undefined;
      return report ?? refusal('未查询到评审信息，请核对报名编号和参赛账号的手机号码');
    }),
  ];
}
