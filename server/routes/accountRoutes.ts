import type { FastifyPluginAsync } from 'fastify';

/** SMS codes, registration and its approval by an admin, password recovery. Being built in this session (issue 5). */
const routes: FastifyPluginAsync = async () => {};

export default routes;
