/**
 * `npm run dev`: the API server with reload on change (port DEV_API_PORT, default 3001) and Vite's
 * dev server with hot reload on PORT (default 5173), which proxies /api and /media to the API.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiPort = process.env.DEV_API_PORT ?? '3001';
const children = [
  spawn(
    process.execPath,
    ['--watch-path=src/server', '--watch-path=src/shared', 'src/server/main.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      // The dev server serves the page; the API server must not build or serve it.
      env: { ...process.env, PORT: apiPort, CLIENT_DIR: path.join(root, 'dist/dev-no-client') },
    },
  ),
  spawn(path.join(root, 'node_modules/.bin/vite'), ['--port', process.env.PORT ?? '5173'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, DEV_API_PORT: apiPort },
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
