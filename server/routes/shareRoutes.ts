import type { FastifyPluginAsync } from 'fastify';

/** Share links (back office) and the shared documents they open (public). Being built in this session (issue 5). */
const routes: FastifyPluginAsync = async () => {};

export default routes;
