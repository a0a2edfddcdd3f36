/**
 * `npm test`: the type check of every .ts, .tsx and .astro file (`astro check`) beside the pure logic's
 * tests, then two lanes at once: the site in a real Chromium against a Directus with the demo seeded
 * (the seed checked there too); beside it the API against a real Directus on SQLite, the production
 * configuration (PostgreSQL + Redis, two Directus instances) and the rebuild loop (its own Directus,
 * builds of the demo and the admin app in Chromium), one after another. Every suite brings its own
 * Directus on ports of its own. Each line a suite prints is prefixed with its name. Ends with how long
 * each step took, the whole run, and the ten slowest files with their hooks.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { ROOT } from './lib/paths.ts';
import { ensurePostgres, ensureRedis } from './lib/services.ts';
import { ensureChromium } from './lib/chromium.ts';
import { ensureFpcalc } from './lib/fpcalc.ts';

const VITEST = path.join(ROOT, 'node_modules/vitest/vitest.mjs');
const ASTRO = path.join(ROOT, 'node_modules/astro/bin/astro.mjs');
const TIMES_REPORTER = path.join(ROOT, 'tests/support/file-times-reporter.ts');
const SECOND_TRIES_REPORTER = path.join(ROOT, 'tests/support/second-tries-reporter.ts');
const reports = mkdtempSync(path.join(os.tmpdir(), 'dorama-test-'));
let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
/** Every failed test, printed again at the end: a long log's tail then names them all. */
const failures: string[] = [];
/** How long each step took, printed at the end: where the run's time goes. */
const took: { step: string; seconds: number }[] = [];
const runStarted = Date.now();
/** Every test file's time, the slowest printed at the end: where to look when the run grows. */
const slowest: { file: string; seconds: number }[] = [];
/** Tests that passed only when tried again (the browser suite's retry), named at the end so they stay in view. */
const secondTries: string[] = [];

async function timed(step: string, work: () => Promise<void>): Promise<void> {
  const started = Date.now();
  await work();
  took.push({ step, seconds: Math.round((Date.now() - started) / 1000) });
}

/** A step's output, each line prefixed with the step's name: steps that run at once stay readable. */
function printPrefixed(child: ChildProcessByStdio<null, Readable, Readable>, name: string): void {
  readline.createInterface({ input: child.stdout }).on('line', (line) => process.stdout.write(`[${name}] ${line}\n`));
  readline.createInterface({ input: child.stderr }).on('line', (line) => process.stderr.write(`[${name}] ${line}\n`));
}

/** The projects one after another. */
async function lane(projects: string[]): Promise<void> {
  for (const project of projects) await timed(project, () => runProject(project));
}

function runProject(project: string): Promise<void> {
  const report = path.join(reports, `${project}.json`);
  const times = path.join(reports, `${project}-times.jsonl`);
  const retried = path.join(reports, `${project}-second-tries.jsonl`);
  const child = spawn(process.execPath, [VITEST, 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, `--reporter=${TIMES_REPORTER}`, `--reporter=${SECOND_TRIES_REPORTER}`], {
    cwd: ROOT,
    env: { ...process.env, FILE_TIMES_OUT: times, SECOND_TRIES_OUT: retried },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  printPrefixed(child, project);
  return new Promise((resolve) => {
    child.on('close', (code) => {
      if (code !== 0) exitCode = 1;
      try {
        const json = JSON.parse(readFileSync(report, 'utf8'));
        passed += json.numPassedTests;
        failed += json.numFailedTests;
        skipped += json.numPendingTests + json.numTodoTests;
        failures.push(...failedTests(project, json));
        slowest.push(...fileTimes(project, times));
        secondTries.push(...testsTriedTwice(project, retried));
      } catch {
        failed += 1; // the run died before reporting
        failures.push(`${project}: the run ended before it reported`);
      }
      resolve();
    });
  });
}

interface JsonReport {
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { fullName: string; status: string; failureMessages?: string[] }[];
  }[];
}

/** The JSON lines a reporter of ours appended to `file`, none when it wrote nothing. */
function jsonLines<T>(file: string): T[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as T);
}

/** Each file's time, its hooks included, as tests/support/file-times-reporter.ts wrote it. */
function fileTimes(project: string, times: string): { file: string; seconds: number }[] {
  return jsonLines<{ file: string; ms: number }>(times)
    .map(({ file, ms }) => ({ file: `${project} ${path.relative(ROOT, file)}`, seconds: Math.round(ms / 1000) }));
}

/** The tests that passed on a second try, as tests/support/second-tries-reporter.ts wrote them. */
function testsTriedTwice(project: string, retried: string): string[] {
  return jsonLines<{ file: string; name: string }>(retried).map(({ file, name }) => `${project} ${path.relative(ROOT, file)} > ${name}`);
}

/** The failed tests of one project's JSON report, each with the first line of why; a file that failed to load counts too. */
function failedTests(project: string, report: JsonReport): string[] {
  const firstLine = (text = '') => text.trim().split('\n')[0].slice(0, 300);
  return report.testResults.flatMap((file) => {
    const where = path.relative(ROOT, file.name);
    const tests = file.assertionResults.filter((t) => t.status === 'failed');
    if (!tests.length) return file.status === 'failed' ? [`${project} ${where}: ${firstLine(file.message)}`] : [];
    return tests.map((t) => `${project} ${where} > ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
  });
}

/**
 * `astro check`: the type errors of .astro, .ts and .tsx files fail the run like a failed test. It runs
 * beside the unit tests (neither starts a backend, and each mostly keeps one core busy).
 */
function typecheck(): Promise<void> {
  const started = Date.now();
  const child = spawn(process.execPath, [ASTRO, 'check'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  printPrefixed(child, 'astro check');
  return new Promise((resolve) => {
    child.on('close', (code) => {
      took.push({ step: 'astro check', seconds: Math.round((Date.now() - started) / 1000) });
      if (code === 0) passed += 1;
      else {
        failed += 1;
        failures.push('astro check: type errors, printed above');
        exitCode = 1;
      }
      resolve();
    });
  });
}

const typechecked = typecheck();
ensureFpcalc(); // the segment finder's tests fingerprint generated episodes
await lane(['unit']);
await typechecked;
await ensurePostgres();
await ensureRedis();
ensureChromium();
// The lanes about even: once the test backends came from templates, the browser suite took 29 min beside
// 28 for the API, production and rebuild suites together.
await Promise.all([lane(['e2e']), lane(['api', 'production', 'rebuild'])]);

rmSync(reports, { recursive: true, force: true });
const slowTen = slowest.sort((a, b) => b.seconds - a.seconds).slice(0, 10);
console.log(`\nSlowest files: ${slowTen.map((f) => `${f.file} ${f.seconds} s`).join(', ')}`);
console.log(`${took.map((s) => `${s.step}: ${s.seconds} s`).join(', ')}; ${((Date.now() - runStarted) / 60_000).toFixed(1)} min in all`);
if (secondTries.length) console.log(`\nPassed only on a second try:\n${secondTries.map((t) => `- ${t}`).join('\n')}`);
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
console.log(`Tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exitCode || (failed ? 1 : 0));
