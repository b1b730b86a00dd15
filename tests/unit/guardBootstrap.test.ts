import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter } from 'react-router-dom';
import { createAppRouter } from '../../src/router/createAppRouter';
import { server } from '../mocks/server';
import { resetSession, signInAs } from '../mocks/session';

// The resource registry is a chunk of its own that, on a cold load, arrives with the page's code: here it
// never arrives, so whatever waits for it waits for ever.
vi.mock('@domain/registry', () => new Promise(() => undefined));

describe('a signed-in page load of the home list', () => {
  afterEach(() => {
    server.events.removeAllListeners();
    resetSession();
  });

  it('asks for the list as soon as the menus are in, without waiting for the resource registry', async () => {
    signInAs('demo');
    const asked: string[] = [];
    server.events.on('request:start', ({ request }) => asked.push(new URL(request.url).pathname));
    const router = createAppRouter((routes, options) => createMemoryRouter(routes, { ...options, initialEntries: ['/zbzj/yx/sysActivity/index'] }));
    await vi.waitFor(() => expect(asked.some((path) => path.endsWith('/yx/sysActivity/page'))).toBe(true), { timeout: 5000 });
    // The menus came first: the list is asked for only where the user has it.
    expect(asked.findIndex((path) => path.endsWith('/current/user/menu'))).toBeLessThan(asked.findIndex((path) => path.endsWith('/yx/sysActivity/page')));
    router.dispose();
  });
});
