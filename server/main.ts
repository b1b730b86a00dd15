import { spawn } from 'node:child_process';
import { buildApp } from './app';
import { loadConfig } from './config';
import { closeArgon2Worker } from './lib/argon2Proxy';
import { closeSheetWorker, startSheetWorker } from './lib/sheetProxy';
import { LOG } from './messages';

/**
 * A separate process that SIGKILLs this one if it is still alive after `ms`. An in-process timer is not
 * enough: a stop was seen with the main thread stuck in a futex wait (inside the embedded database's
 * close or the runtime's teardown), where no timer of ours can run. The watchdog leaves as soon as we are
 * gone.
 */
function armWatchdog(ms: number): void {
  const script = `
    const [pid, ms] = process.argv.slice(1).map(Number);
    const alive = () => { try { process.kill(pid, 0); return true; } catch { return false; } };
    const deadline = Date.now() + ms;
    const tick = setInterval(() => {
      if (!alive()) process.exit(0);
      if (Date.now() >= deadline) { process.kill(pid, 'SIGKILL'); process.exit(0); }
    }, 100);
  `;
  spawn(process.execPath, ['-e', script, String(process.pid), String(ms)], { detached: true, stdio: 'ignore' }).unref();
}

/** The only place that listens. Stops cleanly on SIGINT/SIGTERM so in-flight requests finish. */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = buildApp({ logger: { level: config.logLevel } });
  // Test seam (refused in production): a close that blocks the main thread for good, as the hang that was
  // seen did, so tests/server/serverProcess.test.ts can prove the watchdog still ends the process.
  if (process.env.SHUTDOWN_TEST_HANG === '1' && process.env.NODE_ENV !== 'production') {
    app.addHook('onClose', () => {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    });
  }

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      // A second signal while closing: the operator does not want to wait.
      if (closing) process.exit(1);
      closing = true;
      app.log.info({ signal }, LOG.shuttingDown);
      armWatchdog(config.shutdownTimeoutS * 1000);
      // The app first (its in-flight requests finish), then the password thread, so exit() cuts off no hash.
      app
        .close()
        .then(closeArgon2Worker)
        .then(closeSheetWorker)
        .then(
          () => process.exit(0),
          (err: unknown) => {
            app.log.error({ err }, LOG.shutdownFailed);
            process.exit(1);
          },
        );
    });
  }

  await app.listen({ port: config.port, host: config.host });
  startSheetWorker();
}

main().catch((err: unknown) => {
  console.error(LOG.startFailed, err);
  process.exit(1);
});
