// `npm start`: build the web app when missing or stale, then serve everything on one port.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureWebBuild, root } from './web-build.mjs';

ensureWebBuild();
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
