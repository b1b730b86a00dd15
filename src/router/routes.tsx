import { replace, type LoaderFunction, type RouteObject } from 'react-router-dom';
import { AUTHORITY_USER } from '../lib/authority';
import type { PageImporter, RouteHandle } from '../lib/routeTypes';
import { lazyComponent, lazyNotFound } from './lazy';
import { resolvePage } from './pageRegistry';
import { RootShell } from './RootShell';
import { RouteErrorView } from './RouteErrorView';
import { BootFallback } from './BootFallback';
import { UnknownPath } from './UnknownPath';
import { withBackOfficePrefetch } from './prefetch';

/**
 * The fixed route table: public groups, exception pages, the fixed back-office pages and the
 * catch-all. Menu routes are patched in under MAIN_CONTENT_ROUTE_ID when the guard bootstraps a session.
 */
export const ROOT_ROUTE_ID = 'root';
export const MAIN_CONTENT_ROUTE_ID = 'main-content';

/** Every route name that needs no login. */
export const PUBLIC_ROUTE_NAMES = [
  'login', 'zslogin', 'edu', 'edulogin', 'forgetPw', 'zwsx', 'forgeteduPw', 'showEduProject', 'reportCheck',
  'register', 'zsdl', 'ssodl', 'ssodledu', 'registerResult', 'htxx', 'tcdxx', 'public', 'bjdxxSzJd',
  'bjdxxSzZg', 'bjdxxZh', 'preInfo', 'tcdFj', 'resetPw', 'reseteduPw',
] as const;

const redirectTo = (to: string): LoaderFunction => () => replace(to);

const userLayout = lazyComponent(() => import('../layouts/UserLayout'));
const eduLayout = lazyComponent(() => import('../layouts/EduLayout'));
const plainLayout = lazyComponent(() => import('../layouts/PlainLayout'));
const blankLayout = lazyComponent(() => import('../layouts/BlankLayout'));
const basicLayout = lazyComponent(() => import('../layouts/BasicLayout'));
/** The login page, which fetches the back office's chunks once it is on screen (router/prefetch). */
const loginPage = lazyComponent(() =>
  import('../features/auth/LoginPage').then((module) => ({ default: withBackOfficePrefetch(module.default) })),
);

/** A public page: no login needed, the guard lets it through by its name. */
function publicPage(path: string, name: string, title: string, importer: PageImporter, brand?: 'edu'): RouteObject {
  const handle: RouteHandle = { name, title, zone: 'public', ...(brand ? { brand } : {}) };
  return { path, handle, lazy: lazyComponent(importer) };
}

/** A fixed page served from the page registry, like menu pages (404 view while it has no file). */
function registryPage(path: string): RouteObject['lazy'] {
  const importer: PageImporter | undefined = resolvePage(path);
  return importer ? lazyComponent(importer) : lazyNotFound;
}

function publicGroup(path: string, handle: RouteHandle, layout: RouteObject['lazy'], children: RouteObject[]): RouteObject {
  return { path, handle: { ...handle, zone: 'public' }, lazy: layout, children };
}

export function createRoutes(guardLoader: LoaderFunction): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      path: '/',
      loader: guardLoader,
      // The guard must run on every navigation, not only when the root's own params change.
      shouldRevalidate: () => true,
      Component: RootShell,
      ErrorBoundary: RouteErrorView,
      HydrateFallback: BootFallback,
      children: [
        // Nothing to show: the guard sends them on to the user's home before anything renders. `element: null`
        // says so (without it React Router warns of a leaf route with no element on every match of /).
        { index: true, handle: { zone: 'home' }, element: null },
        { path: 'home', handle: { zone: 'home' }, element: null },

        publicGroup('user', {}, userLayout, [
          { index: true, loader: redirectTo('/user/login') },
          {
            path: 'login',
            // Bare: no antd providers around it (RootShell), so the page needs none of antd's code.
            handle: { name: 'login', title: '登录', bare: true },
            lazy: loginPage,
          },
          // One education login page: the /user spelling leads to the branded /edu one.
          { path: 'edulogin', handle: { name: 'edulogin', title: '登录' }, loader: redirectTo('/edu/edulogin') },
          publicPage('register', 'register', '注册', () => import('../features/register/RegisterPage')),
          publicPage('register-result', 'registerResult', '注册结果', () => import('../features/register/RegisterResultPage')),
          // The forced change of a temporary password: the guard lets a session with one go nowhere else.
          { path: 'password', handle: { name: 'changePassword', title: '修改密码' }, lazy: registryPage('/account/password') },
        ]),

        publicGroup('edu', { name: 'edu', brand: 'edu' }, eduLayout, [
          { index: true, loader: redirectTo('/edu/edulogin') },
          {
            path: 'edulogin',
            handle: { name: 'edulogin', title: '登录' },
            lazy: lazyComponent(() => import('../features/auth/EduLoginPage')),
          },
        ]),

        publicGroup('htxx', {}, plainLayout, [
          { index: true, loader: redirectTo('/htxx/htxx') },
          publicPage('htxx', 'htxx', '合同信息', () => import('../features/shared-docs/HtxxPage')),
          publicPage('ssodl', 'ssodl', '单点登录', () => import('../features/sso/SsoLandingPage')),
          publicPage('ssodledu', 'ssodledu', '单点登录', () => import('../features/sso/SsoEduLandingPage'), 'edu'),
          publicPage('forgetPw', 'forgetPw', '找回密码', () => import('../features/register/ForgetPwPage')),
          publicPage('showEduProject', 'showEduProject', '参赛作品展示', () => import('../features/edu-public/ShowEduProjectPage'), 'edu'),
          publicPage('forgeteduPw', 'forgeteduPw', '找回密码', () => import('../features/register/ForgetEduPwPage'), 'edu'),
          // Where a 找回密码 email's link leads (MAIL_RESET_PAGES of domain/account/account.contracts.ts).
          publicPage('resetPw', 'resetPw', '重置密码', () => import('../features/register/ResetPwPage')),
          publicPage('reseteduPw', 'reseteduPw', '重置密码', () => import('../features/register/ResetEduPwPage'), 'edu'),
          publicPage('reportCheck', 'reportCheck', '评审结果查询', () => import('../features/edu-public/ReportCheckPage'), 'edu'),
          publicPage('zwsx', 'zwsx', '展位确认书', () => import('../features/shared-docs/ZwsxPage')),
          publicPage('zsdl', 'zsdl', '展商登录', () => import('../features/sso/ZsdlPage')),
          publicPage('zslogin', 'zslogin', '展商登录', () => import('../features/auth/ZsLoginPage')),
        ]),

        publicGroup('pre', { name: 'public' }, plainLayout, [
          publicPage('preInfo', 'preInfo', '预登记信息', () => import('../features/shared-docs/PreInfoPage')),
          // 扫码预登记: where the QR codes of 我的项目 / 我的活动 lead, and the personal QR code it ends with.
          publicPage('register', 'preRegister', '参会登记', () => import('../features/pre-registration/PreRegisterPage')),
          publicPage('mine', 'preMine', '我的登记', () => import('../features/pre-registration/PreRegistrationResultPage')),
          // 活动通知: the 通知公告 published to an activity's attendees, opened with a personal code.
          publicPage('notices', 'attendeeNotices', '活动通知', () => import('../features/attendee-notices/AttendeeNoticesPage')),
          // 退订: where a notice email's unsubscribe link leads.
          publicPage('unsubscribe', 'unsubscribe', '退订通知', () => import('../features/unsubscribe/UnsubscribePage')),
        ]),

        publicGroup('bjdxx', {}, plainLayout, [
          { index: true, loader: redirectTo('/bjdxx/bjdxxSzJd') },
          publicPage('bjdxxSzJd', 'bjdxxSzJd', '报价单', () => import('../features/shared-docs/BjdxxSzJdPage')),
          publicPage('bjdxxSzZg', 'bjdxxSzZg', '报价单', () => import('../features/shared-docs/BjdxxSzZgPage')),
          publicPage('bjdxxZh', 'bjdxxZh', '报价单', () => import('../features/shared-docs/BjdxxZhPage')),
        ]),

        publicGroup('tcdxx', {}, plainLayout, [
          { index: true, loader: redirectTo('/tcdxx/tcdxx') },
          publicPage('tcdxx', 'tcdxx', '套餐单信息', () => import('../features/shared-docs/TcdxxPage')),
          publicPage('tcdFj', 'tcdFj', '套餐单附件', () => import('../features/shared-docs/TcdFjPage')),
        ]),

        {
          lazy: blankLayout,
          handle: { zone: 'exception' },
          children: [
            { path: 'exception/403', handle: { title: '403' }, lazy: lazyComponent(() => import('../components/exception/ForbiddenPage')) },
            { path: 'exception/404', handle: { title: '404' }, lazy: lazyNotFound },
            { path: '404', handle: { title: '404' }, lazy: lazyNotFound },
            { path: 'exception/500', handle: { title: '500' }, lazy: lazyComponent(() => import('../components/exception/ServerErrorPage')) },
          ],
        },

        {
          id: 'main',
          lazy: basicLayout,
          children: [
            {
              id: MAIN_CONTENT_ROUTE_ID,
              // Errors of a page replace the content only, not the menus around it.
              ErrorBoundary: RouteErrorView,
              children: [
                { path: 'home/index', handle: { title: '首页', zone: 'backoffice' }, lazy: registryPage('/home/index') },
                {
                  path: 'account',
                  handle: { title: '个人页', zone: 'account', authority: AUTHORITY_USER },
                  children: [
                    { index: true, loader: redirectTo('/account/center') },
                    { path: 'center', handle: { title: '个人中心' }, lazy: registryPage('/account/center') },
                    // The header's user menu leads here (我的项目, 我的活动).
                    { path: 'projects', handle: { title: '我的项目' }, lazy: registryPage('/account/projects') },
                    { path: 'activities', handle: { title: '我的活动' }, lazy: registryPage('/account/activities') },
                    // 我的通知 for users whose menus do not hold /system/mynotice/index (the notice bell leads here).
                    { path: 'notices', handle: { title: '我的通知' }, lazy: registryPage('/account/notices') },
                    {
                      path: 'settings',
                      handle: { title: '个人设置' },
                      lazy: registryPage('/account/settings'),
                      children: [
                        { index: true, loader: redirectTo('/account/settings/base') },
                        { path: 'base', handle: { title: '基本设置' }, lazy: registryPage('/account/settings/base') },
                        { path: 'security', handle: { title: '安全设置' }, lazy: registryPage('/account/settings/security') },
                        { path: 'custom', handle: { title: '个性化设置' }, lazy: registryPage('/account/settings/custom') },
                        { path: 'binding', handle: { title: '账户绑定' }, lazy: registryPage('/account/settings/binding') },
                        { path: 'notification', handle: { title: '新消息通知' }, lazy: registryPage('/account/settings/notification') },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },

        // Unknown paths: the guard redirects them to /home before anything renders.
        { path: '*', handle: { zone: 'unknown' }, Component: UnknownPath },
      ],
    },
  ];
}
