import { setupServer } from 'msw/node';
import { handlers } from './handlers';

/** One msw server for the client unit tests; tests add per-case handlers with server.use(). */
export const server = setupServer(...handlers);
