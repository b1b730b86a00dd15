import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG_CERTIFICATE_NO, MSG_ID_CARD, MSG_MOBILE, MSG_SMS_CODE_REQUIRED } from '@domain/core/validators';
import { smsCaptcha } from '@domain/account/account.contracts';
import { env } from '../../src/config/env';
import { preRegistrationInfo, preRegistrationMine, preRegistrationNotice, preRegistrationSubmit, type PreRegistrationInfo, type PreRegistrationState } from '@domain/meeting/preRegistration.contracts';
import { attendeeItinerary, type AttendeeItinerary } from '@domain/meeting/attendeePage.contracts';
import { currentPath, renderApp, user } from '../mocks/app';
import { mock, refusal } from '../mocks/contract';
import { server } from '../mocks/server';
import { resetSession } from '../mocks/session';

/** /pre/register and /pre/mine against an msw server that answers like server/modules/meeting/preRegistration.routes.ts. */

const CLOSED = '该活动不存在或暂未开放登记';
const CODE = 'Zx3kP9qLm2Vt7Rb1Nc5Hd0';
const ID_CARD = '11010519491231002X';

const INFO: PreRegistrationInfo = {
  organiserName: '华展国际会展服务（上海）有限公司',
  projectName: '2026中国国际智慧城市博览会',
  projectSrq: '2026-12-08',
  projectErq: '2026-12-11',
  projectAddress: '上海市青浦区崧泽大道333号 国家会展中心（上海）',
  activities: [
    { id: 11, name: '开幕式暨智慧城市发展主论坛', srq: '2026-12-08', erq: '2026-12-08', address: '洲际酒店 一层大宴会厅', requireId: true, smsVerify: false },
    { id: 12, name: '城市数字孪生技术研讨会', srq: '2026-12-08', erq: '2026-12-08', address: 'N1 会议室', requireId: false, smsVerify: false },
  ],
};

const MINE: PreRegistrationState = {
  code: CODE,
  name: '林晓峰',
  badgeNo: 'CH20261120000042',
  projectName: INFO.projectName,
  activityName: '城市数字孪生技术研讨会',
  status: 0,
  statusLabel: '待审核',
};

const ITINERARY: AttendeeItinerary = {
  activityName: MINE.activityName,
  srq: '2026-12-08',
  erq: '2026-12-09',
  address: 'N1 会议室',
  seats: [{ hall: '主论坛厅', area: 'A区', rowNo: 3, seatNo: 12, label: 'A区 3排12号' }],
  agenda: [
    { id: 1, day: '2026-12-08', startTime: '09:00', endTime: '09:30', title: '开幕致辞', hall: '主论坛厅', host: '钱惠敏', remark: null, mine: false },
    { id: 2, day: '2026-12-08', startTime: '09:30', endTime: '10:30', title: '城市数字孪生的实践', hall: '主论坛厅', host: null, remark: null, mine: true },
    { id: 3, day: '2026-12-09', startTime: '14:00', endTime: '15:00', title: '圆桌对话', hall: 'N1 会议室', host: null, remark: null, mine: false },
  ],
  shuttles: [
    {
      id: 7,
      name: '虹桥枢纽—国家会展中心',
      departAt: '2026-12-08 07:30',
      plate: '沪AD35812',
      driver: '陆国强',
      driverMobile: '13917652208',
      stops: [
        { stopName: '虹桥火车站 P9 停车场', arriveAt: '07:30' },
        { stopName: '国家会展中心 南登录厅', arriveAt: '08:10' },
      ],
    },
  ],
  notices: [],
};

const envelope = (data: unknown, code = 0, msg = '操作成功') => ({ code, msg, data });

let submitted: Array<Record<string, string>>;
let infoQueries: Array<Record<string, string>>;
let itineraryCodes: string[];

function handlers(submitAnswer: () => ReturnType<typeof envelope> = () => envelope({ name: MINE.name, sentTo: '138****8000' }, 0, '登记已提交')) {
  return [
    mock(preRegistrationInfo, ({ params: query }) => {
      infoQueries.push(query);
      if (query.project === '1') return INFO;
      if (query.activity === '12') return { ...INFO, activities: [INFO.activities[1]] };
      return refusal(CLOSED);
    }),
    mock(preRegistrationSubmit, ({ params }) => {
      submitted.push(params);
      return HttpResponse.json(submitAnswer());
    }),
    mock(preRegistrationMine, ({ params: { code } }) => (code === CODE ? MINE : refusal('未找到该登记信息，请核对二维码或链接'))),
    mock(attendeeItinerary, ({ params: { code } }) => {
      itineraryCodes.push(code);
      return code === CODE ? ITINERARY : refusal('未找到您的参会登记，请核对二维码或链接');
    }),
    mock(preRegistrationNotice, ({ params: query }) =>
      query.activity === '13'
        ? { organiserName: INFO.organiserName, projectName: INFO.projectName, activityName: '智慧社区供需对接会', srq: '2026-12-10', erq: '2026-12-10', address: 'S1 洽谈区', state: 'notYet' as const }
        : query.activity === '14'
          ? { organiserName: INFO.organiserName, projectName: INFO.projectName, activityName: '展商布展说明会', srq: '2026-11-25', erq: '2026-11-25', address: null, state: 'ended' as const }
          : refusal(CLOSED),
    ),
  ];
}

beforeEach(() => {
  resetSession();
  submitted = [];
  infoQueries = [];
  itineraryCodes = [];
  server.use(...handlers());
});
afterEach(() => server.events.removeAllListeners());

const submit = () => user.click(screen.getByRole('button', { name: /提交登记/ }));

async function type(label: string, text: string) {
  const input = screen.getByLabelText(label);
  await user.clear(input);
  await user.click(input);
  await user.paste(text);
}

async function choose(label: string, title: string) {
  await user.click(screen.getByLabelText(label));
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find((o) => o.title === title);
    if (!found) throw new Error(`没有选项：${title}`);
    return found;
  });
  await user.click(option);
}

describe('/pre/register from a project QR code', () => {
  it("shows the organiser, the project and its open activities, and the rule that makes them open", async () => {
    renderApp('/pre/register?project=1');
    expect(await screen.findByRole('heading', { name: INFO.projectName })).toBeInTheDocument();
    expect(screen.getByText(INFO.organiserName)).toBeInTheDocument();
    expect(screen.getByText('2026-12-08 至 2026-12-11')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /开幕式暨智慧城市发展主论坛/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /城市数字孪生技术研讨会/ })).toBeInTheDocument();
    expect(screen.getByText(/只列出正在开放登记的活动/)).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain(INFO.projectName));
    expect(infoQueries).toEqual([{ project: '1' }]);
  });

  it("checks with the person definition's rules before sending anything: required fields, mobile, 身份证 check digit, other certificates", async () => {
    renderApp('/pre/register?project=1');
    await screen.findByRole('heading', { name: INFO.projectName });
    await submit();
    expect(await screen.findByText('请选择要参加的活动')).toBeInTheDocument();
    expect(screen.getByText('请输入姓名')).toBeInTheDocument();
    expect(screen.getByText('请输入手机号码')).toBeInTheDocument();
    expect(screen.getByText('请输入证件号码')).toBeInTheDocument();

    await type('手机号码', '1380013800');
    await type('证件号码', '110105194912310021');
    await submit();
    expect(await screen.findByText(MSG_MOBILE)).toBeInTheDocument();
    expect(await screen.findByText(MSG_ID_CARD)).toBeInTheDocument();

    // 证件类型 decides the rule of 证件号码: a passport number of letters and digits, nothing else.
    await choose('证件类型', '护照');
    await type('证件号码', 'E1234-5678');
    await submit();
    expect(await screen.findByText(MSG_CERTIFICATE_NO)).toBeInTheDocument();
    expect(submitted).toHaveLength(0);
  });

  it('sends the chosen activity and the fields and says where the link went, without a code on screen; the link opens the QR code with badge number, 待审核 and 活动通知', async () => {
    const router = renderApp('/pre/register?project=1');
    await screen.findByRole('heading', { name: INFO.projectName });
    await user.click(screen.getByRole('radio', { name: /城市数字孪生技术研讨会/ }));
    await choose('人员类别', '媒体');
    await type('姓名', '林晓峰');
    await type('手机号码', '138 0013 8000');
    await type('证件号码', ID_CARD.toLowerCase());
    await type('单位', '上海城建数字科技有限公司');
    await submit();

    expect(await screen.findByText('登记已提交')).toBeInTheDocument();
    expect(screen.getByText(/将通过短信发送至 138\*\*\*\*8000/)).toBeInTheDocument();
    // A repeat sends nothing new: the page says so, alike for every submission.
    expect(screen.getByText(/一天内只收到一次本活动的登记确认/)).toBeInTheDocument();
    expect(currentPath(router)).toBe('/pre/register?project=1');
    expect(document.querySelector('[data-qr-value]')).toBeNull();
    expect(screen.queryByLabelText('验证码')).toBeNull();
    expect(submitted).toEqual([
      {
        activityId: '12',
        kind: '4',
        name: '林晓峰',
        mobile: '13800138000',
        idType: '1',
        idNo: ID_CARD,
        company: '上海城建数字科技有限公司',
        jobTitle: '',
        email: '',
      },
    ]);

    // The SMS's link.
    await act(() => router.navigate(`/pre/mine?code=${CODE}`));
    expect(await screen.findByText(MINE.badgeNo)).toBeInTheDocument();
    expect(screen.getByText('待审核')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MINE.activityName })).toBeInTheDocument();
    expect(screen.getByText(/入场时请在闸机或服务台出示此二维码/)).toBeInTheDocument();
    const qr = document.querySelector('[data-qr-value]')!;
    expect(qr.getAttribute('data-qr-value')).toBe(`${window.location.origin}/zbzj/pre/mine?code=${CODE}`);
    expect(screen.getByRole('link', { name: /活动通知/ })).toHaveAttribute('href', `/zbzj/pre/notices?code=${CODE}`);
  });

  it("shows the server's field errors under their fields and stays on the form", async () => {
    server.use(...handlers(() => envelope({ errors: [{ field: 'mobile', msg: '手机号码不能超过 11 位（服务器）' }] }, 1, '提交的数据有误')));
    const router = renderApp('/pre/register?activity=12');
    await screen.findByRole('heading', { name: INFO.projectName });
    // One activity: nothing to choose, it is named.
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.getByText('城市数字孪生技术研讨会')).toBeInTheDocument();
    await type('姓名', '林晓峰');
    await type('手机号码', '13800138000');
    await type('证件号码', ID_CARD);
    await submit();
    expect(await screen.findByText('手机号码不能超过 11 位（服务器）')).toBeInTheDocument();
    expect(submitted[0].activityId).toBe('12');
    expect(currentPath(router)).toBe('/pre/register?activity=12');
  });

  it('answers a closed activity and a malformed address with the one message, without a form', async () => {
    renderApp('/pre/register?activity=99');
    expect(await screen.findByText(CLOSED)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /提交登记/ })).not.toBeInTheDocument();
  });

  it('names a closed activity and says, in a visitor\u2019s words, that registration has not begun or is over, with its dates', async () => {
    const router = renderApp('/pre/register?activity=13');
    expect(await screen.findByRole('heading', { name: '智慧社区供需对接会' })).toBeInTheDocument();
    expect(screen.getByText('报名尚未开始')).toBeInTheDocument();
    expect(screen.getByText(/活动时间：2026-12-10。报名开放后/)).toBeInTheDocument();
    expect(screen.queryByText(/所属项目|报名中/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /提交登记/ })).not.toBeInTheDocument();
    await act(() => router.navigate('/pre/register?activity=14'));
    expect(await screen.findByText('报名已截止')).toBeInTheDocument();
    expect(screen.getByText(/活动时间：2026-11-25，登记已经结束/)).toBeInTheDocument();
  });

  it('sends no target at all for an address that names none, and shows the server\u2019s answer', async () => {
    renderApp('/pre/register?project=abc');
    expect(await screen.findByText(CLOSED)).toBeInTheDocument();
    expect(infoQueries).toEqual([{}]);
  });
});

describe('/pre/register for an activity with 需要短信验证手机号', () => {
  const VERIFIED: PreRegistrationInfo = { ...INFO, activities: [{ ...INFO.activities[1], smsVerify: true }] };
  let captcha: Array<Record<string, string>>;
  afterEach(() => vi.useRealTimers());

  beforeEach(() => {
    captcha = [];
    server.use(
      mock(preRegistrationInfo, ({ params: query }) => (query.activity === '12' ? VERIFIED : { ...INFO, activities: [INFO.activities[0], VERIFIED.activities[0]] })),
      mock({ ...smsCaptcha, path: env.smsCaptchaPath }, ({ params }) => {
        captcha.push(params);
        return HttpResponse.json({ code: 0, msg: '验证码已发送，5分钟内有效', data: null });
      }),
    );
  });

  async function fillIn() {
    await type('姓名', '林晓峰');
    await type('手机号码', '13800138000');
    await type('证件号码', ID_CARD);
  }

  it('asks for the code only once an activity that wants one is chosen, sends it to the mobile typed, and refuses to submit without it', async () => {
    renderApp('/pre/register?project=1');
    await screen.findByRole('heading', { name: INFO.projectName });
    // Before a choice it is asked for, as one of the activities wants it; the chosen one does not.
    expect(screen.getByLabelText('验证码')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /开幕式暨智慧城市发展主论坛/ }));
    await waitFor(() => expect(screen.queryByLabelText('验证码')).toBeNull());
    await user.click(screen.getByRole('radio', { name: /城市数字孪生技术研讨会/ }));
    expect(await screen.findByLabelText('验证码')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('请输入手机号码')).toBeInTheDocument();
    expect(captcha).toHaveLength(0);
    await fillIn();
    await submit();
    expect(await screen.findByText(MSG_SMS_CODE_REQUIRED)).toBeInTheDocument();
    expect(submitted).toHaveLength(0);

    // The countdown's clock held still: a tick between two steps would be an update outside act().
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByRole('button', { name: '00:01:00' })).toBeDisabled();
    expect(captcha).toEqual([{ mobile: '13800138000', purpose: 'preRegister' }]);
    expect(await screen.findByText('验证码已发送，5分钟内有效')).toBeInTheDocument();
  });

  it("sends the code with the form, shows the server's refusal under 验证码, and after success the QR code of the personal link on screen", async () => {
    let answers = 0;
    server.use(
      mock(preRegistrationSubmit, ({ params }) => {
        submitted.push(params);
        answers += 1;
        return answers === 1
          ? HttpResponse.json(envelope({ errors: [{ field: 'smsCode', msg: '验证码错误，还可尝试4次' }] }, 1, '验证码错误，还可尝试4次'))
          : { name: MINE.name, sentTo: '138****8000', code: CODE };
      }),
    );
    const router = renderApp('/pre/register?activity=12');
    await screen.findByRole('heading', { name: INFO.projectName });
    expect(screen.getByText(/提交后，本页即显示您的个人二维码/)).toBeInTheDocument();
    await fillIn();
    await type('验证码', '000000');
    await submit();
    expect(await screen.findByText('验证码错误，还可尝试4次')).toBeInTheDocument();
    expect(document.querySelector('[data-qr-value]')).toBeNull();

    await type('验证码', '123456');
    await submit();
    expect(await screen.findByText('登记已提交')).toBeInTheDocument();
    expect(submitted.map((p) => p.smsCode)).toEqual(['000000', '123456']);
    expect(submitted[1]).toMatchObject({ activityId: '12', mobile: '13800138000' });
    const qr = document.querySelector('[data-qr-value]')!;
    expect(qr.getAttribute('data-qr-value')).toBe(`${window.location.origin}/zbzj/pre/mine?code=${CODE}`);
    expect(screen.getByText(/将通过短信发送至 138\*\*\*\*8000/)).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '打开我的登记页面' }));
    expect(await screen.findByText(MINE.badgeNo)).toBeInTheDocument();
    expect(currentPath(router)).toBe(`/pre/mine?code=${CODE}`);
  });
});

describe('/pre/mine', () => {
  it('tells an unknown code plainly', async () => {
    renderApp('/pre/mine?code=unknown');
    expect(await screen.findByText('未找到该登记信息，请核对二维码或链接')).toBeInTheDocument();
    expect(document.querySelector('[data-qr-value]')).toBeNull();
  });

  it('says an approved registration may enter', async () => {
    server.use(mock(preRegistrationMine, () => ({ ...MINE, status: 1, statusLabel: '已通过' })));
    renderApp(`/pre/mine?code=${CODE}`);
    expect(await screen.findByText('已通过')).toBeInTheDocument();
    expect(screen.getByText(/登记已审核通过/)).toBeInTheDocument();
  });

  it("shows the attendee's page: QR code, state, seat, shuttle with stops and departure, and the agenda by day with their own talk marked", async () => {
    renderApp(`/pre/mine?code=${CODE}`);
    const seats = await screen.findByRole('region', { name: '我的座位' });
    expect(document.querySelector('[data-qr-value]')).not.toBeNull();
    expect(screen.getByText('待审核')).toBeInTheDocument();
    expect(within(seats).getByText('主论坛厅')).toBeInTheDocument();
    expect(within(seats).getByText('A区 3排12号')).toBeInTheDocument();
    const bus = screen.getByRole('region', { name: '我的班车' });
    expect(within(bus).getByText('虹桥枢纽—国家会展中心')).toBeInTheDocument();
    expect(within(bus).getByText('发车 2026-12-08 07:30')).toBeInTheDocument();
    const stops = within(bus).getByRole('list', { name: /停靠站点/ });
    expect(within(stops).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['07:30虹桥火车站 P9 停车场', '08:10国家会展中心 南登录厅']);
    const agenda = screen.getByRole('region', { name: '活动日程' });
    expect(within(agenda).getByText('2026-12-09')).toBeInTheDocument();
    const mine = within(agenda).getByText('我的演讲').closest('li')!;
    expect(mine).toHaveTextContent('城市数字孪生的实践');
    expect(within(agenda).getAllByText('我的演讲')).toHaveLength(1);
  });

  it('says so when no seat or bus is assigned, and asks nothing more for a cancelled registration', async () => {
    server.use(mock(attendeeItinerary, () => ({ ...ITINERARY, seats: [], shuttles: [], agenda: [] })));
    renderApp(`/pre/mine?code=${CODE}`);
    expect(await screen.findByText(/暂未分配座位/)).toBeInTheDocument();
    expect(screen.getByText('您没有安排班车。')).toBeInTheDocument();
    expect(screen.getByText('日程尚未发布')).toBeInTheDocument();
    cleanup();
    itineraryCodes = [];
    server.use(mock(preRegistrationMine, () => ({ ...MINE, status: 3, statusLabel: '已取消' })));
    renderApp(`/pre/mine?code=${CODE}`);
    expect(await screen.findByText(/此登记已取消/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '我的座位' })).toBeNull();
    expect(itineraryCodes).toEqual([]);
  });
});
