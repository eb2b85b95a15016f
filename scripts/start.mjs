// `npm start`: builds first when needed (scripts/ensure-build.mjs), then runs the server.
import { ensureBuild } from './ensure-build.mjs';

ensureBuild();
await import('../dist/node/src/server/main.js');
