import { http, HttpResponse } from 'msw';
import { activityOptions, chooseCurrentActivity, currentActivity, projectOptions } from '@domain/projects/scopeOptions.contracts';
import { bellNotices } from '@domain/notices/notices.contracts';
import { currentMenus, currentUser, handoffRedeem, loginToken, removeToken } from '@domain/session/session.contracts';
import { myWorksPage } from '@domain/works/works.contracts';
import { authorisedProjects } from '@domain/workspace/workspace.contracts';
import { answer, mock, refusal } from './contract';
import { ACCOUNTS, ACTIVITIES, BELL_NOTICES, HANDOFF_SESSION_S, handoffOf, tokenOf } from './fixtures';
import { API, envelope, receivedParams, signatureProblem } from './signing';

/**
 * The API as the client unit tests see it. Every handler first checks the request signature over exactly
 * the parameters that arrived (signing.ts), as the real server would. The tests take API and
 * receivedParams from here too.
 */
export { API, receivedParams };

function accountOf(request: Request) {
  const token = (request.headers.get('Authorization') ?? '').replace(/^Bearer /, '');
  return Object.values(ACCOUNTS).find((a) => tokenOf(a.user.username) === token) ?? null;
}

const unauthorised = () => HttpResponse.json(envelope(null, 401, '请先登录'), { status: 401 });

export const handlers = [
  mock(loginToken, ({ params: form }) => {
    const account = ACCOUNTS[form.username];
    if (!account || account.password !== form.password) return refusal('用户名或密码错误');
    if (account.yhlx !== form.yhlx) return refusal(account.yhlx === '1' ? '该账号请从主办方登录入口登录' : '该账号请从大赛登录入口登录');
    return answer(loginToken, { access_token: tokenOf(form.username), sjc: '20261121120000' }, '登录成功');
  }),

  // As the server: only a hand-off ticket opens a session; a session token in its place is refused.
  mock(handoffRedeem, ({ params: form }) => {
    const account = Object.values(ACCOUNTS).find((a) => handoffOf(a.user.username) === form.ticket);
    if (!account) return refusal('链接中的登录凭据无效或已过期，请重新登录');
    return answer(handoffRedeem, { access_token: tokenOf(account.user.username), sjc: '20261121120000', expiresIn: HANDOFF_SESSION_S }, '登录成功');
  }),

  mock(currentUser, ({ request }) => accountOf(request)?.user ?? unauthorised()),

  mock(currentMenus, ({ request }) => accountOf(request)?.menus ?? unauthorised()),

  mock(removeToken, () => answer(removeToken, null, '退出成功')),

  mock(bellNotices, ({ request }) => (accountOf(request) ? BELL_NOTICES : unauthorised())),

  http.get(API('/yx/sysActivity/page'), async ({ request }) => {
    const bad = await signatureProblem(request);
    if (bad) return bad;
    if (!accountOf(request)) return unauthorised();
    const q = await receivedParams(request);
    const limit = Number(q.limit ?? 10);
    const page = Number(q.page ?? 1);
    const rows = ACTIVITIES.filter(
      (row) => (!q.name || row.name.includes(q.name)) && (q.status === undefined || row.status === Number(q.status)),
    );
    return HttpResponse.json(envelope({ total: rows.length, records: rows.slice((page - 1) * limit, page * limit) }));
  }),

  http.get(API('/cnf/project/page'), async ({ request }) => {
    const bad = await signatureProblem(request);
    if (bad) return bad;
    if (!accountOf(request)) return unauthorised();
    return HttpResponse.json(envelope({ total: 0, records: [] }));
  }),

  // The project and activity choices of resource forms and search bars (GET /business/*Options).
  mock(projectOptions, async ({ request }) => {
    const bad = await signatureProblem(request);
    if (bad) return bad;
    if (!accountOf(request)) return unauthorised();
    return [{ id: 1, name: '2026中国国际智慧城市博览会', code: 'ZHCS2026' }];
  }),

  mock(activityOptions, async ({ request }) => {
    const bad = await signatureProblem(request);
    if (bad) return bad;
    if (!accountOf(request)) return unauthorised();
    return ACTIVITIES.slice(0, 3).map((a) => ({ id: a.id, name: a.name, cnfId: a.cnfId, projectName: a.projectName }));
  }),

  // The activity pages open on: none by default, so forms start blank; tests of the header's switcher and
  // of prefilled forms answer one (server.use).
  mock(currentActivity, async ({ request }) => {
    if (!accountOf(request)) return unauthorised();
    return null;
  }),

  // 切换当前活动: any of the activity options; tests that reload the choice keep it themselves (server.use).
  mock(chooseCurrentActivity, async ({ request, params }) => {
    if (!accountOf(request)) return unauthorised();
    const picked = ACTIVITIES.slice(0, 3).find((a) => a.id === Number(params.activityId));
    if (!picked) return refusal('所选活动未授权');
    return answer(
      chooseCurrentActivity,
      { id: picked.id, name: picked.name, cnfId: picked.cnfId, projectName: picked.projectName ?? '', srq: picked.srq, erq: picked.erq, when: 'chosen', choiceDropped: false },
      '执行成功',
    );
  }),

  mock(myWorksPage, ({ request }) =>
    accountOf(request)
      ? {
          total: 1,
          records: [
            { id: 1, title: '城市记忆展陈设计', teamName: '青禾团队', school: '同济大学', category: '展陈设计', reportNo: 'ZS2026-0001', status: 1, submittedAt: '2026-10-08 10:00:00' },
          ],
        }
      : unauthorised(),
  ),
  // Asked by an empty list (src/components/ListEmpty.tsx): by default the user has a project, so an empty
  // list is just empty; tests of the no-scope hint answer [] instead.
  mock(authorisedProjects, () => [{ cnfid: 1, cnfmc: '2026 数字经济大会', selected: true }]),
];
