// Loaded into the bench's server (NODE_OPTIONS=--import …, see bench-stall.mjs): measures the server's own
// event-loop delay; on SIGUSR2 writes the max and p99 since the last signal to BENCH_ELD_FILE, and starts over.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
process.on('SIGUSR2', () => {
  writeFileSync(process.env.BENCH_ELD_FILE, JSON.stringify({ maxMs: loop.max / 1e6, p99Ms: loop.percentile(99) / 1e6 }));
  loop.reset();
});
