import { act } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BOOT_SCOPE, startEarly } from '../../src/api/early';
import { currentMenus as currentMenusCall, currentUser as currentUserCall } from '@domain/session/session.contracts';
import { currentMenus, currentUser } from '../../src/api/session';
import { bootDataUrl, bootstrapsOnLoad } from '../../src/router/bootRequests';
import { EARLY_REQUESTS } from '../../src/router/earlyRequests';
import { dropLastProfile, saveLastProfile } from '../../src/stores/lastProfile';
import { ACCOUNTS, EDU_MENUS, ORGANISER_MENUS } from '../mocks/fixtures';
import { mock } from '../mocks/contract';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

describe('the session calls a page load starts before the router', () => {
  it('start wherever a signed-in load bootstraps the session, and nowhere else', () => {
    expect(bootstrapsOnLoad('/zbzj/seat/seat/index', '', true)).toBe(true);
    expect(bootstrapsOnLoad('/zbzj/', '', true)).toBe(true);
    expect(bootstrapsOnLoad('/zbzj', '', true)).toBe(true);
    // Signed out, or on the pages a signed-in user is sent away from before any session call.
    expect(bootstrapsOnLoad('/zbzj/seat/seat/index', '', false)).toBe(false);
    expect(bootstrapsOnLoad('/zbzj/user/login', '', true)).toBe(false);
    expect(bootstrapsOnLoad('/zbzj/edu/edulogin', '', true)).toBe(false);
    expect(bootstrapsOnLoad('/zbzj/htxx/zsdl', '', true)).toBe(false);
    // A link carrying a token may swap the session first: the guard decides before anything is asked.
    expect(bootstrapsOnLoad('/zbzj/home', '?token=abc', true)).toBe(false);
  });

  describe('the page’s own data, asked for with them', () => {
    const home = new URL('http://localhost/zbzj/yx/sysActivity/index');
    const homeData = EARLY_REQUESTS['/yx/sysActivity/index']!(home);
    afterEach(() => dropLastProfile());

    it('when the menus this token loaded last time have the page', () => {
      saveLastProfile('token-a', ACCOUNTS.demo!.user, ORGANISER_MENUS);
      expect(homeData).not.toBeNull();
      expect(bootDataUrl(home, 'token-a')).toBe(homeData);
    });

    it('not without such menus: none yet, another token’s, menus without the page, a page with no early data, a filtered list', () => {
      expect(bootDataUrl(home, 'token-a')).toBeNull();
      saveLastProfile('token-a', ACCOUNTS.demo!.user, ORGANISER_MENUS);
      expect(bootDataUrl(home, 'token-b')).toBeNull();
      expect(bootDataUrl(home, null)).toBeNull();
      const filtered = new URL(`${home.href}?name=上海`);
      expect(bootDataUrl(filtered, 'token-a')).toBeNull();
      const other = new URL('http://localhost/zbzj/crm/customer/index');
      expect(bootDataUrl(other, 'token-a')).toBeNull();
      saveLastProfile('token-a', ACCOUNTS.demo!.user, EDU_MENUS);
      expect(bootDataUrl(home, 'token-a')).toBeNull();
    });
  });

  describe('their answers', () => {
    const calls = { user: 0, menus: 0 };
    beforeEach(() => {
      calls.user = 0;
      calls.menus = 0;
      server.events.on('request:start', ({ request }) => {
        const path = new URL(request.url).pathname;
        if (path.endsWith(currentUserCall.path)) calls.user += 1;
        if (path.endsWith(currentMenusCall.path)) calls.menus += 1;
      });
    });
    afterEach(() => {
      server.events.removeAllListeners();
      resetSession();
    });

    it('are what the guard receives, without asking again', async () => {
      signInAs('demo');
      startEarly(currentUserCall.path, BOOT_SCOPE);
      startEarly(currentMenusCall.path, BOOT_SCOPE);
      const [user, menus] = await Promise.all([currentUser(), currentMenus()]);
      expect(user.username).toBe('demo');
      expect(menus.length).toBeGreaterThan(0);
      expect(calls).toEqual({ user: 1, menus: 1 });
      // Taken once: a later call (a profile refresh) asks the server.
      await currentUser();
      expect(calls.user).toBe(2);
    });

    it('are never handed to another account signed in meanwhile', async () => {
      signInAs('demo');
      startEarly(currentUserCall.path, BOOT_SCOPE);
      signInAs('admin');
      const user = await currentUser();
      expect(user.username).toBe('admin');
      expect(calls.user).toBe(2);
    });

    it('when refused, leave the guard its own call', async () => {
      signInAs('demo');
      server.use(mock(currentUserCall, () => HttpResponse.json({ code: 0, msg: '', data: null }, { status: 502 }), { once: true }));
      // The refusal is told in antd's static notification (no App here), which renders as it comes: act().
      await act(async () => {
        startEarly(currentUserCall.path, BOOT_SCOPE);
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
      const user = await currentUser();
      expect(user.username).toBe('demo');
      expect(calls.user).toBe(2);
    });
  });
});
