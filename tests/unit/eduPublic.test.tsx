import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import MyWorksPage from '../../src/features/works/pages/jsxm/works/index';
import { eduProject } from '@domain/edu/eduPublic.contracts';
import { MSG_REPORT_NO, MSG_REPORT_NO_REQUIRED, reportNoRule, reportNoRules, validate } from '@domain/core/validators';
import { renderApp, user } from '../mocks/app';
import { ENTRANT_MOBILE, eduPublicHandlers } from '../mocks/eduPublic';
import { mock } from '../mocks/contract';
import { API } from '../mocks/handlers';
import { renderPage } from '../mocks/page';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';

function recordLookups(): string[] {
  const paths: string[] = [];
  server.events.on('request:start', ({ request }) => {
    if (new URL(request.url).pathname.includes('/api/edu/')) paths.push(new URL(request.url).pathname + new URL(request.url).search);
  });
  return paths;
}

describe('report number rule (报名编号)', () => {
  it('accepts the printed form DS<edition>-<year>-<6 digits>', () => {
    for (const no of ['DS15-2026-000318', 'DS16-2027-999999']) expect(reportNoRule(no), no).toBeNull();
  });

  it('refuses anything else with one message, and lets blank through to the required rule', () => {
    for (const no of ['ds15-2026-000318', 'DS15-2026-00318', 'DS15-26-000318', 'DS152026000318', ' DS15-2026-000318', 'DS15-2026-0003189', 42]) {
      expect(reportNoRule(no), String(no)).toBe(MSG_REPORT_NO);
    }
    expect(reportNoRule('')).toBeNull();
    expect(validate({ no: reportNoRules }, { no: '  ' })).toEqual([{ field: 'no', msg: MSG_REPORT_NO_REQUIRED }]);
    expect(validate({ no: reportNoRules }, {})).toEqual([{ field: 'no', msg: '请输入报名编号' }]);
  });
});

describe('report lookup /htxx/reportCheck', () => {
  beforeEach(() => {
    resetSession();
    server.use(...eduPublicHandlers());
  });
  afterEach(() => server.events.removeAllListeners());

  const input = () => screen.getByLabelText('报名编号');
  const search = () => user.click(screen.getByRole('button', { name: /查\s*询/ }));
  const typeMobile = async (mobile = ENTRANT_MOBILE) => {
    await user.clear(screen.getByLabelText('手机号码'));
    await user.click(screen.getByLabelText('手机号码'));
    await user.paste(mobile);
  };

  it('asks for a number, then for a well-formed one, before calling the server', async () => {
    const lookups = recordLookups();
    renderApp('/htxx/reportCheck');
    await screen.findByRole('button', { name: /查\s*询/ });
    expect(screen.getByRole('heading', { name: '第十五届全国大学生展览与创意大赛' })).toBeInTheDocument();
    await search();
    expect(await screen.findByText('请输入报名编号')).toBeInTheDocument();
    await user.click(input());
    await user.paste('DS15-318');
    await search();
    expect(await screen.findByText(MSG_REPORT_NO)).toBeInTheDocument();
    // The entrant's proof: the mobile of their account, asked for and checked too.
    expect(screen.getByText('请输入手机号码')).toBeInTheDocument();
    await typeMobile('1506812');
    await search();
    expect(await screen.findByText('请输入正确的手机号码')).toBeInTheDocument();
    expect(lookups).toHaveLength(0);
  });

  it('finds a report typed in lower case with spaces and shows its title, status and dates', async () => {
    const lookups = recordLookups();
    renderApp('/htxx/reportCheck');
    await user.click(await screen.findByLabelText('报名编号'));
    await user.paste(' ds15-2026-000318 ');
    await typeMobile('150 6812 3377');
    await search();
    const table = (await screen.findByText('“城市记忆”沉浸式展陈设计')).closest('table')!;
    expect(within(table).getByText('初审通过')).toBeInTheDocument();
    expect(within(table).getByText('2026-05-12')).toBeInTheDocument();
    expect(within(table).getByText('2026-06-20')).toBeInTheDocument();
    expect(screen.getByText('作品已通过初审。')).toBeInTheDocument();
    expect(lookups).toEqual([`/admin/api/edu/report?no=DS15-2026-000318&mobile=${ENTRANT_MOBILE}`]);
  });

  it('tells a rejected report as 未通过', async () => {
    renderApp('/htxx/reportCheck');
    await user.click(await screen.findByLabelText('报名编号'));
    await user.paste('DS15-2026-000777');
    await typeMobile();
    await search();
    expect(await screen.findByText('未通过')).toBeInTheDocument();
    expect(screen.getByText('很遗憾，作品未通过初审。')).toBeInTheDocument();
  });

  it("shows the server's answer for an unknown number or another's mobile, and replaces an earlier result", async () => {
    renderApp('/htxx/reportCheck');
    await user.click(await screen.findByLabelText('报名编号'));
    await user.paste('DS15-2026-000318');
    await typeMobile();
    await search();
    await screen.findByText('“城市记忆”沉浸式展陈设计');
    await user.clear(input());
    await user.paste('DS15-2026-001024');
    await search();
    const missing = '未查询到评审信息，请核对报名编号和参赛账号的手机号码';
    expect((await screen.findAllByText(missing)).length).toBeGreaterThan(0);
    expect(screen.queryByText('“城市记忆”沉浸式展陈设计')).not.toBeInTheDocument();
    // A real number with someone else's mobile tells nothing of the work.
    await user.clear(input());
    await user.paste('DS15-2026-000318');
    await typeMobile('13800138000');
    await search();
    expect((await screen.findAllByText(missing)).length).toBeGreaterThan(0);
    expect(screen.queryByText('“城市记忆”沉浸式展陈设计')).not.toBeInTheDocument();
  });
});

describe('showcase /htxx/showEduProject', () => {
  beforeEach(() => {
    resetSession();
    server.use(...eduPublicHandlers());
  });
  afterEach(() => server.events.removeAllListeners());

  it('shows a public work with its team, school, category, status and date, under the competition name', async () => {
    renderApp('/htxx/showEduProject?no=DS15-2026-000318');
    expect(await screen.findByRole('heading', { name: '“城市记忆”沉浸式展陈设计' })).toBeInTheDocument();
    for (const text of ['拾光设计小组', '浙江理工大学', '展示设计', 'DS15-2026-000318', '2026-05-12']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(screen.getAllByText('初审通过').length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: '第十五届全国大学生展览与创意大赛' })).toBeInTheDocument();
  });

  it('shows 未找到公开的参赛作品 for a number without a public work', async () => {
    renderApp('/htxx/showEduProject?no=DS15-2026-000542');
    expect((await screen.findAllByText('未找到公开的参赛作品')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('answers a malformed or missing number the same way without asking the server', async () => {
    const lookups = recordLookups();
    renderApp('/htxx/showEduProject?no=1%20or%201%3D1');
    expect(await screen.findByText('未找到公开的参赛作品')).toBeInTheDocument();
    expect(lookups).toHaveLength(0);
  });

  it('offers a retry when the server is unreachable, and shows the work once it answers', async () => {
    let fail = true;
    server.use(
      mock(eduProject, ({ params }) => {
        if (fail) return HttpResponse.error();
        return { reportNo: params.no, title: '重试后的作品', teamName: null, school: null, category: null, status: 4, submittedDate: null };
      }),
    );
    renderApp('/htxx/showEduProject?no=DS15-2026-000318');
    const retry = await screen.findByRole('button', { name: /重\s*试/ });
    expect(screen.getAllByText('连接服务器失败!').length).toBeGreaterThan(0);
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: '重试后的作品' })).toBeInTheDocument();
    expect(screen.getAllByText('获奖').length).toBeGreaterThan(0);
  });
});

describe('我的参赛作品: showcase link', () => {
  afterEach(() => server.events.removeAllListeners());

  it('offers the showcase address to copy for public works only', async () => {
    server.use(
      http.get(API('/jsxm/works/page'), () =>
        HttpResponse.json({
          code: 0,
          msg: '操作成功',
          data: {
            total: 3,
            records: [
              { id: 1, title: '公开作品', teamName: 'A', school: 'S', category: 'C', reportNo: 'DS15-2026-000318', status: 2, submittedAt: '2026-05-12 16:20:00' },
              { id: 2, title: '已提交作品', teamName: 'B', school: 'S', category: 'C', reportNo: 'DS15-2026-000542', status: 1, submittedAt: '2026-06-03 10:05:00' },
              { id: 3, title: '获奖作品', teamName: 'C', school: 'S', category: 'C', reportNo: 'DS15-2026-000901', status: 4, submittedAt: '2026-04-01 10:00:00' },
            ],
          },
        }),
      ),
    );
    renderPage(MyWorksPage, { as: 'edu', path: '/jsxm/works/index' });
    await screen.findByText('已提交作品');
    const offers = screen.getAllByText('展示页链接');
    expect(offers.map((el) => el.closest('[title]')?.getAttribute('title'))).toEqual([
      `${window.location.origin}/zbzj/htxx/showEduProject?no=DS15-2026-000318`,
      `${window.location.origin}/zbzj/htxx/showEduProject?no=DS15-2026-000901`,
    ]);
    const submittedRow = screen.getByText('已提交作品').closest('tr')!;
    expect(within(submittedRow).queryByText('展示页链接')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('button', { name: /复制/ })).toHaveLength(2));
  });
});
