// `npm run dev`: the page from Vite's dev server with hot reload (rendered on the
// server as the build prerenders it, so hydration is exercised too), and the API
// server restarting on every change under src/ or content/. Vite forwards /api to it.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT || '3000';
// The page's port (Vite's own default); DEV_PORT picks another.
const pagePort = process.env.DEV_PORT || '5173';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['vite', '--host', '127.0.0.1', '--port', pagePort, '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, CURBSIDE_API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) {
  child.once('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
