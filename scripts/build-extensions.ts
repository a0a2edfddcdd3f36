/**
 * Builds each Directus extension under directus/extensions/ with Directus's own toolkit
 * (`directus-extension build`, reading the extension's package.json), skipping the extensions whose
 * inputs did not change since their last build. A build costs several seconds of CPU each; starts
 * and test runs build nothing when nothing changed.
 *
 * What an extension read is recorded by its build (shared/extension-config.js) in dist/.inputs.json
 * with each file's hash: its own sources, the shared files it imports, its manifest and build
 * config, and the toolkit's version. A change to any of them, or a missing output, builds it again.
 * Several processes starting at once (parallel test files) build each extension once: the others
 * wait for its lock and find it built.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { withDirLock } from './lib/dir-lock.ts';
import { EXTENSIONS_DIR, ROOT } from './lib/paths.ts';

const SDK_DIR = path.join(ROOT, 'node_modules/@directus/extensions-sdk');
const SDK_CLI = path.join(SDK_DIR, 'cli.js');
const SHARED_CONFIG = path.join(EXTENSIONS_DIR, 'shared/extension-config.js');
const STAMP = 'dist/.inputs.json';
const LOCK = 'dist/.building';

interface Stamp {
  sdk: string;
  files: Record<string, string>;
}

interface Extension {
  name: string;
  dir: string;
  /** The files a build writes, relative to `dir`. */
  outputs: string[];
}

const hashOf = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const sdkVersion = () => String(JSON.parse(readFileSync(path.join(SDK_DIR, 'package.json'), 'utf8')).version);

export function listExtensions(): Extension[] {
  const found: Extension[] = [];
  for (const name of readdirSync(EXTENSIONS_DIR).sort()) {
    const dir = path.join(EXTENSIONS_DIR, name);
    const manifestPath = path.join(dir, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const out: string | { app: string; api: string } = JSON.parse(readFileSync(manifestPath, 'utf8'))['directus:extension'].path;
    found.push({ name, dir, outputs: typeof out === 'string' ? [out] : [out.app, out.api] });
  }
  return found;
}

/** The files every build reads besides the modules it bundles. */
const configFiles = (ext: Extension) => [path.join(ext.dir, 'package.json'), path.join(ext.dir, 'extension.config.js'), SHARED_CONFIG];

export function isUpToDate(ext: Extension): boolean {
  const stampPath = path.join(ext.dir, STAMP);
  if (!existsSync(stampPath) || ext.outputs.some((o) => !existsSync(path.join(ext.dir, o)))) return false;
  let stamp: Stamp;
  try {
    stamp = JSON.parse(readFileSync(stampPath, 'utf8'));
  } catch {
    return false;
  }
  if (stamp.sdk !== sdkVersion()) return false;
  return Object.entries(stamp.files).every(([rel, hash]) => {
    const file = path.join(ROOT, rel);
    return existsSync(file) && hashOf(file) === hash;
  });
}

function run(ext: Extension, inputsFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // Unminified: Directus's logs then name real functions and lines; the bundles stay small.
    const child = spawn(process.execPath, [SDK_CLI, 'build', '--no-minify'], {
      cwd: ext.dir,
      env: { ...process.env, EXTENSION_INPUTS_FILE: inputsFile },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d) => { output += d; });
    child.stderr.on('data', (d) => { output += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`Extension ${ext.name} failed to build:\n${output}`))));
  });
}

async function build(ext: Extension): Promise<void> {
  const inputsFile = path.join(ext.dir, 'dist/.inputs.txt');
  rmSync(inputsFile, { force: true });
  rmSync(path.join(ext.dir, STAMP), { force: true });
  await run(ext, inputsFile);
  const read = new Set(readFileSync(inputsFile, 'utf8').split('\n').filter(Boolean));
  rmSync(inputsFile);
  const files: Record<string, string> = {};
  for (const file of [...configFiles(ext), ...read].sort()) files[path.relative(ROOT, file)] = hashOf(file);
  writeFileSync(path.join(ext.dir, STAMP), `${JSON.stringify({ sdk: sdkVersion(), files } satisfies Stamp, null, 1)}\n`);
}

export interface BuildReport {
  built: string[];
  unchanged: string[];
}

/** Builds what changed, as many at once as the machine has cores. */
export async function buildExtensions(): Promise<BuildReport> {
  const report: BuildReport = { built: [], unchanged: [] };
  const queue = listExtensions();
  const worker = async () => {
    for (let ext = queue.shift(); ext; ext = queue.shift()) {
      if (isUpToDate(ext)) {
        report.unchanged.push(ext.name);
        continue;
      }
      await withDirLock(path.join(ext.dir, LOCK), async () => {
        // Another process may have built it while this one waited for the lock.
        if (isUpToDate(ext)) report.unchanged.push(ext.name);
        else {
          await build(ext);
          report.built.push(ext.name);
        }
      });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
  return report;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = Date.now();
  const { built, unchanged } = await buildExtensions();
  console.log(`Extensions built: ${built.join(', ') || 'none'}; unchanged: ${unchanged.join(', ') || 'none'} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
