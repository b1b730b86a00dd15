import { buildApp } from './app';
import { loadConfig } from './config';
import { LOG } from './messages';

/** The only place that listens. Stops cleanly on SIGINT/SIGTERM so in-flight requests finish. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = buildApp({ logger: { level: config.logLevel } });

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, LOG.shuttingDown);
      // If something hangs, do not hang with it: a supervisor will restart us anyway.
      const timer = setTimeout(() => process.exit(1), 10_000);
      timer.unref();
      app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, LOG.shutdownFailed);
          process.exit(1);
        },
      );
    });
  }

  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error(LOG.startFailed, err);
  process.exit(1);
});
