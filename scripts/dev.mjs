// `npm run dev`: the API under `tsx watch` and Vite (which proxies /api to it), output prefixed.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

const colours = { server: '\x1b[36m', web: '\x1b[35m' };
const children = new Map();
let exiting = false;

function run(name, command, args, cwd) {
  const child = spawn(command, args, { cwd, stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '1' } });
  const prefix = process.stdout.isTTY ? `${colours[name]}[${name}]\x1b[0m ` : `[${name}] `;
  for (const [stream, out] of [[child.stdout, process.stdout], [child.stderr, process.stderr]]) {
    createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
  }
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (!exiting) {
      console.error(`${prefix}exited (${signal ?? code}); stopping the others`);
      stopAll(code ?? 1);
    } else if (children.size === 0) {
      process.exit(process.exitCode ?? 0);
    }
  });
  children.set(name, child);
}

function stopAll(code) {
  exiting = true;
  process.exitCode = code;
  if (children.size === 0) process.exit(code);
  for (const child of children.values()) child.kill('SIGTERM');
  // Do not wait forever on a child that ignores SIGTERM.
  setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
    process.exit(code);
  }, 5_000).unref();
}

process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

run('server', bin('tsx'), ['watch', '--clear-screen=false', 'apps/server/src/main.ts'], root);
run('web', bin('vite'), [], join(root, 'apps/web'));
