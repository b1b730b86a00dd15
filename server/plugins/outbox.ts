import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { emailChannel, smsChannel } from '../services/outbox/channels';
import { enqueueMessages, type NewOutboxMessage } from '../services/outbox/queue';
import { setPublicUrl, setUnsubscribeMailbox, setUnsubscribeSecret } from '../services/outbox/links';
import { createOutboxWorker, type OutboxWorkerOptions } from '../services/outbox/worker';
import type { AppDb } from '../db/client';

export interface OutboxHandle {
  /** Queues in `db` (a transaction, or app.db) and wakes the worker once it is written. */
  enqueue(messages: readonly NewOutboxMessage[], db?: AppDb): Promise<number[]>;
  kick(): void;
}

/**
 * The outbox worker of this replica (server/services/outbox/worker.ts): started when the app is ready,
 * stopped (in-flight sends settled) when it closes. OUTBOX_WORKER=0 queues without sending.
 */
export interface OutboxPluginOptions extends Record<string, unknown> {
  /** The fan-outs' expansion (OutboxWorkerOptions), handed in by the app: a plugin imports no area. */
  expandFanoutChunk: OutboxWorkerOptions['expandFanoutChunk'];
}

const outboxPlugin: FastifyPluginAsync<OutboxPluginOptions> = async (app, options) => {
  const { config } = app;
  // Notices are composed in resource hooks, with no request to take an address from: unset, this server's own.
  setPublicUrl(config.publicUrl ?? `http://localhost:${config.port}`);
  // The unsubscribe links' signatures: every replica shares SSO_SECRET, so any of them checks a link another made.
  setUnsubscribeSecret(config.ssoSecret);
  setUnsubscribeMailbox(config.mailUnsubscribe);
  const channels = { email: emailChannel(config), sms: smsChannel(config) };
  const worker = createOutboxWorker({
    db: app.db,
    now: () => app.now(),
    log: app.log,
    config,
    channels,
    expandFanoutChunk: options.expandFanoutChunk,
  });
  const handle: OutboxHandle = {
    async enqueue(messages, db = app.db) {
      const ids = await enqueueMessages(db, messages, app.now());
      // In a transaction the rows are not visible yet; the worker's next poll finds them after commit.
      if (db === app.db) worker.kick();
      return ids;
    },
    kick: () => worker.kick(),
  };
  app.decorate('outbox', handle);
  if (config.outboxWorker) {
    app.addHook('onReady', async () => worker.start());
    // preClose: before the database plugin's onClose closes the connection the sends settle on.
    app.addHook('preClose', () => worker.stop());
  }
};

export default fp(outboxPlugin, { name: 'zbzj-outbox', fastify: '5.x', dependencies: ['zbzj-database'] });
