// `npm start`: build the SPA when its sources changed, then run the API server that also serves it.
import { buildIfStale, run } from './lib.mjs';

const built = await buildIfStale();
if (built !== 0) process.exit(built);
process.exit(await run('tsx', ['server/main.ts']));
