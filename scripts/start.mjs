// `npm start`: build the web app when its sources are newer than the build, then run the server.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = join(root, 'apps/web/dist/index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function webSources() {
  const packages = readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name, 'src'));
  return [join(root, 'apps/web/src'), join(root, 'apps/web/index.html'), join(root, 'apps/web/public'), ...packages];
}

function webBuildIsStale() {
  if (!existsSync(builtIndex)) return true;
  const builtAt = statSync(builtIndex).mtimeMs;
  return webSources().some((source) => newestMtime(source) > builtAt);
}

if (webBuildIsStale()) {
  console.log('Building the web app (sources changed since the last build)...');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const build = spawnSync(npm, ['run', 'build', '-w', '@peakwise/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('The web app failed to build; fix the errors above and run `npm start` again.');
    process.exit(build.status ?? 1);
  }
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });

for (const signal of ['SIGINT', 'SIGTERM']) {
  // A terminal's Ctrl-C already reaches the child through the process group; the server
  // ignores the repeat, so forwarding is safe and covers `kill <pid>` of this script.
  process.on(signal, () => server.kill(signal));
}

server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
