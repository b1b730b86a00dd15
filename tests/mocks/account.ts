import { HttpResponse } from 'msw';
import {
  notifySettings,
  notifySettingsUpdate,
  passwordChange,
  profileInfo,
  profileUpdate,
  type NotifyPrefs,
  type ProfileInfo,
} from '@domain/account/profile.contracts';
import { bellNotices, myNoticePage, noticeRead, noticeReadAll, type NoticeItem } from '@domain/notices/notices.contracts';
import {
  authorisedActivities,
  authorisedProjects,
  myActivityPage,
  myProjectPage,
  switchActivities,
  switchProjects,
  type AuthorisedActivity,
  type AuthorisedProject,
  type MyActivityRow,
  type MyProjectRow,
} from '@domain/workspace/workspace.contracts';
import { answer, mock } from './contract';
import { receivedParams } from './handlers';
import { server } from './server';

/**
 * The account, scope-switching and notice calls as a tiny in-memory backend for client unit tests.
 * Every call is recorded (path + the parameters that arrived), so a test can assert what was sent, or
 * that nothing was.
 */
export interface Call {
  path: string;
  params: Record<string, string>;
}

export const refuse = (msg: string) => HttpResponse.json({ code: 1, msg, data: null });

export function recordCalls(): Call[] {
  const calls: Call[] = [];
  server.events.on('request:start', async ({ request }) => {
    const path = new URL(request.url).pathname.replace(/^\/admin/, '');
    calls.push({ path, params: await receivedParams(request) });
  });
  return calls;
}

export const callsTo = (calls: Call[], path: string) => calls.filter((c) => c.path === path);

export interface AccountBackend {
  profile: ProfileInfo;
  prefs: NotifyPrefs;
  projects: MyProjectRow[];
  activities: MyActivityRow[];
  authorisedProjects: AuthorisedProject[];
  authorisedActivities: AuthorisedActivity[];
  notices: NoticeItem[];
  /** Notices of categories muted in 新消息通知: listed by 我的通知, left out of the bell. */
  bellHides?: number[];
}

const project = (cnfid: number, cnfmc: string, selected: boolean): MyProjectRow => ({
  cnfid,
  cnfmc,
  cnfName: cnfmc,
  logo: null,
  srq: '2026-12-10',
  erq: '2026-12-12',
  startDate: '2026-12-10',
  endDate: '2026-12-12',
  address: '国家会展中心（上海）',
  qrCode: `/zbzj/pre/preInfo?cnfid=${cnfid}`,
  selected,
  openActivities: 1,
  openableActivities: 0,
});

export function demoBackend(): AccountBackend {
  const projects = [project(1, '2026中国国际智慧城市博览会', true), project(2, '2026长三角文旅产业峰会', false)];
  return {
    profile: { userId: 2, nickName: '王小明', zw: '项目经理', mail: 'demo@example.com' },
    prefs: { system: true, activity: false, finance: true },
    projects,
    activities: [
      {
        cnfId: 11,
        cnfMc: '开幕式暨主论坛',
        logo: null,
        srq: '2026-12-10',
        erq: '2026-12-10',
        address: '国家会展中心（上海）',
        projectName: projects[0].cnfmc,
        qrCode: '/zbzj/pre/preInfo?activityId=11',
        selected: true,
        registration: 'open',
        registrationText: '开放报名中，扫码可登记（至 2026-12-10）',
      },
    ],
    authorisedProjects: projects.map((p) => ({ cnfid: p.cnfid, cnfmc: p.cnfmc, selected: p.selected })),
    authorisedActivities: [{ cnfId: 11, cnfMc: '开幕式暨主论坛', projectName: projects[0].cnfmc, selected: true }],
    notices: [
      { id: 1, title: '系统升级通知', content: '本周六凌晨系统升级。', createdAt: '2026-11-20T02:00:00Z', isstamp: 0 },
      { id: 2, title: '展位分配结果', content: '请查看展位分配。', createdAt: '2026-11-19T02:00:00Z', isstamp: null },
      { id: 3, title: '发票已开具', content: '发票已寄出。', createdAt: '2026-11-18T02:00:00Z', isstamp: 1 },
    ],
  };
}

function paged<T>(rows: T[], q: Record<string, string>) {
  const limit = Number(q.limit ?? 10);
  const page = Number(q.page ?? 1);
  return { total: rows.length, records: rows.slice((page - 1) * limit, page * limit) };
}

/** Installs handlers answering from `db` (mutated by the POSTs, as a server would). */
export function installAccountBackend(db: AccountBackend = demoBackend()): AccountBackend {
  server.use(
    mock(profileInfo, () => db.profile),
    mock(profileUpdate, ({ params: form }) => {
      db.profile = { ...db.profile, nickName: form.nickName, zw: form.zw ?? null, mail: form.mail };
      return answer(profileUpdate, db.profile, '修改成功');
    }),
    mock(notifySettings, () => db.prefs),
    mock(notifySettingsUpdate, ({ params: form }) => {
      db.prefs = { system: form.system === 'true', activity: form.activity === 'true', finance: form.finance === 'true' };
      return answer(notifySettingsUpdate, null, '修改成功');
    }),
    mock(passwordChange, () => answer(passwordChange, null, '修改成功，请重新登录')),
    mock(myProjectPage, ({ params: q }) => paged(db.projects.filter((p) => !q.cnfName || p.cnfmc.includes(q.cnfName)), q)),
    mock(myActivityPage, ({ params: q }) => paged(db.activities.filter((a) => !q.cnfName || a.cnfMc.includes(q.cnfName)), q)),
    mock(authorisedProjects, () => db.authorisedProjects),
    mock(authorisedActivities, () => db.authorisedActivities),
    mock(switchProjects, ({ params }) => {
      const ids = params.cnfids.split(',').map(Number);
      db.projects = db.projects.map((p) => ({ ...p, selected: ids.includes(p.cnfid) }));
      db.authorisedProjects = db.authorisedProjects.map((p) => ({ ...p, selected: ids.includes(p.cnfid) }));
      return answer(switchProjects, null, '执行成功');
    }),
    mock(switchActivities, () => answer(switchActivities, null, '执行成功')),
    // The bell: the same notices, less the categories the backend's `muted` leaves out of it.
    mock(bellNotices, () => db.notices.filter((n) => !db.bellHides?.includes(n.id))),
    mock(myNoticePage, ({ params: q }) => {
      const unread = (n: NoticeItem) => n.isstamp === null || n.isstamp === 0;
      const rows = db.notices.filter(
        (n) =>
          (!q.title || n.title.includes(q.title)) &&
          (q.isstamp === undefined || (q.isstamp === '0' ? unread(n) : !unread(n))),
      );
      return paged(rows, q);
    }),
    mock(noticeRead, ({ params }) => {
      const ids = params.ids.split(',').map(Number);
      db.notices = db.notices.map((n) => (ids.includes(n.id) ? { ...n, isstamp: 1 } : n));
      return null;
    }),
    mock(noticeReadAll, () => {
      db.notices = db.notices.map((n) => ({ ...n, isstamp: 1 }));
      return null;
    }),
  );
  return db;
}
