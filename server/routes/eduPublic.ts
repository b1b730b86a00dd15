import type { FastifyPluginAsync } from 'fastify';

/** The education entry's public pages: a team's project showcase and the report status lookup. Being built in this session (issue 5). */
const routes: FastifyPluginAsync = async () => {};

export default routes;
