import helmet from '@fastify/helmet';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

const ADMIN_PATH = /^\/admin(?:[/?#]|$)/;

/**
 * Helmet's headers with a CSP that fits the Vite-built SPA: scripts only from our origin; inline styles
 * allowed because antd injects its CSS-in-JS as <style> tags; images also from https: and data: (logos,
 * avatars, QR codes). `upgrade-insecure-requests` is dropped, since the server is often reached over
 * plain http on a LAN address, where that directive would break every asset request.
 */
const securityPlugin: FastifyPluginAsync = async (app) => {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'upgrade-insecure-requests': null,
      },
    },
    // HSTS over plain http is ignored by browsers at best; a TLS-terminating proxy should set it.
    strictTransportSecurity: false,
  });

  // API answers (customers' data, file downloads, errors, unknown /admin paths alike) are never stored by
  // a browser or a shared cache; the SPA's own files keep their caching (server/plugins/spa.ts).
  app.addHook('onSend', async (request, reply, payload) => {
    if (ADMIN_PATH.test(request.url)) reply.header('cache-control', 'no-store');
    return payload;
  });
};

export default fp(securityPlugin, { name: 'zbzj-security', fastify: '5.x' });
