// `npm start`: build the SPA and the server when their sources changed, then run the compiled server
// (API and SPA) with plain node.
import { buildIfStale, buildServerIfStale, runServer } from './lib.mjs';

for (const build of [buildIfStale, buildServerIfStale]) {
  const code = await build();
  if (code !== 0) process.exit(code);
}
process.exit(await runServer());
