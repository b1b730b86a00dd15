import { describe, expect, it } from 'vitest';
import { decideNavigation, homeTarget, RETURN_ADDRESS_PATHS, type NavigationContext } from '../../src/router/guard';

/** A signed-in kind-3 user with generated routes, on their activity list; each test changes one thing. */
const organiser: NavigationContext = {
  pathname: '/yx/sysActivity/index',
  search: '',
  zone: 'menu',
  hasToken: true,
  routesGenerated: true,
  khlx: 3,
  authorities: ['user', 'MENU_yx_sysActivity'],
  menuPaths: ['/yx', '/yx/sysActivity/index', '/cnf', '/cnf/project/index'],
  firstMenuPath: '/yx/sysActivity/index',
  returnAddress: null,
  projectCode: 'zbzj',
};
const eduUser: NavigationContext = {
  ...organiser,
  pathname: '/jsxm/works/index',
  khlx: 1,
  menuPaths: ['/jsxm', '/jsxm/works/index'],
  firstMenuPath: '/jsxm/works/index',
};
const anonymous: NavigationContext = { ...organiser, hasToken: false, routesGenerated: false, khlx: null, authorities: [], menuPaths: [], firstMenuPath: null };

describe('navigation guard decisions', () => {
  describe('without a token', () => {
    it('lets public routes pass', () => {
      expect(decideNavigation({ ...anonymous, pathname: '/user/login', zone: 'public' })).toEqual({ type: 'pass' });
      expect(decideNavigation({ ...anonymous, pathname: '/htxx/forgetPw', zone: 'public' })).toEqual({ type: 'pass' });
    });

    it('sends everything else to /user/login with the wanted path as redirect', () => {
      expect(decideNavigation({ ...anonymous, pathname: '/cnf/project/index', search: '?a=1', zone: 'unknown' })).toEqual({
        type: 'redirect',
        to: '/user/login?redirect=%2Fcnf%2Fproject%2Findex%3Fa%3D1',
      });
      expect(decideNavigation({ ...anonymous, pathname: '/account/center', zone: 'account' })).toEqual({
        type: 'redirect',
        to: '/user/login?redirect=%2Faccount%2Fcenter',
      });
    });
  });

  describe('with a token', () => {
    it('sends /user/login to /home', () => {
      expect(decideNavigation({ ...organiser, pathname: '/user/login', zone: 'public' })).toEqual({ type: 'redirect', to: '/home' });
    });

    it.each(RETURN_ADDRESS_PATHS)('sends %s to the stored return address', (pathname) => {
      expect(decideNavigation({ ...organiser, pathname, zone: 'public', returnAddress: '/cnf/project/index' })).toEqual({
        type: 'redirect',
        to: '/cnf/project/index',
      });
    });

    it('falls back to /home when there is no return address, or it would loop', () => {
      expect(decideNavigation({ ...organiser, pathname: '/htxx/ssodl', zone: 'public' })).toEqual({ type: 'redirect', to: '/home' });
      expect(decideNavigation({ ...organiser, pathname: '/htxx/ssodl', zone: 'public', returnAddress: '/edu/edulogin' })).toEqual({
        type: 'redirect',
        to: '/home',
      });
    });

    it('bootstraps on first entry (no routes yet), failing over to login with the wanted path', () => {
      expect(decideNavigation({ ...organiser, routesGenerated: false, zone: 'unknown', search: '?x=1' })).toEqual({
        type: 'bootstrap',
        onFailure: '/user/login?redirect=%2Fyx%2FsysActivity%2Findex%3Fx%3D1',
      });
    });

    it('sends unknown paths to /home', () => {
      expect(decideNavigation({ ...organiser, pathname: '/no/such/page', zone: 'unknown' })).toEqual({ type: 'redirect', to: '/home' });
    });

    it('sends /home to the activity list for kind-3 users and to the first menu page for others', () => {
      expect(decideNavigation({ ...organiser, pathname: '/home', zone: 'home' })).toEqual({ type: 'redirect', to: '/yx/sysActivity/index' });
      expect(decideNavigation({ ...eduUser, pathname: '/home', zone: 'home' })).toEqual({ type: 'redirect', to: '/jsxm/works/index' });
    });

    it('never sends /home to a page the user lacks (which would loop through the unknown-path rule)', () => {
      const noActivities = { ...organiser, menuPaths: ['/cnf', '/cnf/project/index'], firstMenuPath: '/cnf/project/index' };
      expect(homeTarget(noActivities)).toBe('/cnf/project/index');
      expect(homeTarget({ ...organiser, menuPaths: [], firstMenuPath: null })).toBe('/home/index');
    });

    it('requires authority user under /account', () => {
      const account = { ...organiser, pathname: '/account/center', zone: 'account' as const, requiredAuthority: 'user' };
      expect(decideNavigation(account)).toEqual({ type: 'pass' });
      expect(decideNavigation({ ...account, authorities: [] })).toEqual({ type: 'redirect', to: '/exception/403?from=%2Faccount%2Fcenter' });
    });

    it('shows 403 naming the page for a page of the product outside the user\'s menus, but /home for an address that is no page', () => {
      expect(decideNavigation({ ...organiser, pathname: '/system/user/index', zone: 'unknown', knownPage: true })).toEqual({
        type: 'redirect',
        to: '/exception/403?from=%2Fsystem%2Fuser%2Findex',
      });
      expect(decideNavigation({ ...organiser, pathname: '/system/user/index', zone: 'unknown', knownPage: false })).toEqual({ type: 'redirect', to: '/home' });
    });

    it('lets the user open their own menu pages', () => {
      expect(decideNavigation(organiser)).toEqual({ type: 'pass' });
      expect(decideNavigation(eduUser)).toEqual({ type: 'pass' });
    });
  });

  describe('the kind-3 rule', () => {
    it('logs a non-kind-3 user out when they move into the organiser back office', () => {
      expect(decideNavigation({ ...eduUser, pathname: '/home/index', zone: 'backoffice' })).toEqual({ type: 'logout', to: '/edu/edulogin' });
      expect(decideNavigation({ ...eduUser, pathname: '/yx/sysActivity/index', zone: 'unknown' })).toEqual({
        type: 'logout',
        to: '/edu/edulogin',
      });
    });

    it('lets non-kind-3 users use their own menus, /account, public and exception pages', () => {
      expect(decideNavigation({ ...eduUser, pathname: '/account/center', zone: 'account' })).toEqual({ type: 'pass' });
      expect(decideNavigation({ ...eduUser, pathname: '/htxx/htxx', zone: 'public' })).toEqual({ type: 'pass' });
      expect(decideNavigation({ ...eduUser, pathname: '/exception/403', zone: 'exception' })).toEqual({ type: 'pass' });
    });

    it('never logs kind-3 users out by navigation', () => {
      expect(decideNavigation({ ...organiser, pathname: '/home/index', zone: 'backoffice' })).toEqual({ type: 'pass' });
      expect(decideNavigation({ ...organiser, pathname: '/x', zone: 'unknown' }).type).toBe('redirect');
    });

    it('applies only to the zbzj project code', () => {
      expect(decideNavigation({ ...eduUser, pathname: '/home/index', zone: 'backoffice', projectCode: 'other' })).toEqual({ type: 'pass' });
    });
  });
});

describe('a temporary password (系统管理 → 用户 → 重置密码)', () => {
  const forced: NavigationContext = { ...organiser, mustChangePassword: true };

  it('keeps the session on /user/password until it is changed', () => {
    for (const pathname of ['/yx/sysActivity/index', '/account/settings/base', '/home']) {
      expect(decideNavigation({ ...forced, pathname })).toEqual({ type: 'redirect', to: '/user/password' });
    }
    expect(decideNavigation({ ...forced, pathname: '/user/password', zone: 'public' })).toEqual({ type: 'pass' });
  });

  it('first loads the user (who says so), and sends others away from the page', () => {
    expect(decideNavigation({ ...organiser, routesGenerated: false, pathname: '/user/password', zone: 'public' }).type).toBe('bootstrap');
    expect(decideNavigation({ ...organiser, pathname: '/user/password', zone: 'public' })).toEqual({ type: 'redirect', to: '/home' });
    expect(decideNavigation({ ...anonymous, pathname: '/user/password', zone: 'public' })).toEqual({ type: 'redirect', to: '/user/login' });
  });
});
