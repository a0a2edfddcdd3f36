/**
 * The e2e world: a real Directus on a fresh SQLite folder holding the demo catalogue (a copy of the
 * seeded template, which the seed made in a fresh backend; seed.test.ts checks it), the site built by
 * `astro build` from it (into a temp folder, so the working copy's dist/ is untouched), and the site
 * server (scripts/lib/static-server.ts) in front of both. Tests get the address with `inject('siteUrl')`.
 * The build keeps its page keys, so a test that makes content of its own renders its pages again as an
 * editor's save does (`renderChanges` in support/site.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import type { Backend } from '../../scripts/lib/backend.ts';
import { ensureChromium } from '../../scripts/lib/chromium.ts';
import { buildSite } from '../../scripts/site-build/build.ts';
import { startSiteServer, type SiteServer } from '../../scripts/lib/static-server.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { mailOutbox } from '../../scripts/lib/directus-env.ts';
import { startPaymentGateway, type PaymentGateway } from '../../scripts/lib/payment-gateway.ts';
import { ADMIN, TEST_PLAN_CHECK_CRON } from '../support/global-setup.ts';
import { startTestBackend } from '../support/backend-template.ts';
import { TEST_BACKEND_ENV } from '../support/test-backend-env.ts';

/** The API suite's admin: both suites' backends are copies of one template. */
export const E2E_ADMIN = ADMIN;

/** Access tokens live 45 s in the browser tests: a session refreshes (30 s before expiry) many times in a run. */
export const E2E_ACCESS_TOKEN_TTL = '45s';
/**
 * A spent refresh token stays good 30 s rather than production's 10 s: the page that lost the answer is
 * reloaded and refreshes again within it, which on a two-core machine busy with the other suites can take
 * longer than 10 s. The API suite tests the grace's end.
 */
export const E2E_REFRESH_GRACE = '30s';

let backend: Backend | undefined;
let gateway: PaymentGateway | undefined;
let site: SiteServer | undefined;
let workDir = '';

const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

export async function setup(project: TestProject) {
  try {
    await start(project);
  } catch (err) {
    // Vitest skips teardown when setup throws: stop Directus and the server here, or they outlive the run.
    await teardown();
    throw err;
  }
}

async function start(project: TestProject) {
  const started = Date.now();
  ensureChromium();
  workDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-e2e-'));
  const dataDir = path.join(workDir, 'data');
  const distDir = path.join(workDir, 'dist');
  const cacheDir = path.join(workDir, 'build-cache');

  // The site's address is known first: password reset mails link to it.
  const sitePort = await freePort();
  const siteUrl = `http://127.0.0.1:${sitePort}`;

  let t = Date.now();
  const directusPort = await freePort();
  gateway = await startPaymentGateway({ directusUrl: `http://127.0.0.1:${directusPort}`, quiet: true });
  backend = await startTestBackend({
    dataDir,
    siteUrl,
    port: directusPort,
    secret: 'e2e-secret-'.padEnd(40, 'x'),
    adminEmail: E2E_ADMIN.email,
    adminPassword: E2E_ADMIN.password,
    quiet: true,
    // Many browser pages from one address; access tokens short-lived, so sessions refresh during the tests.
    extra: {
      ...TEST_BACKEND_ENV, ACCESS_TOKEN_TTL: E2E_ACCESS_TOKEN_TTL, SESSION_REFRESH_GRACE_PERIOD: E2E_REFRESH_GRACE,
      RATE_LIMITER_PACE_AVAILABILITY_POINTS: '5000', RATE_LIMITER_PACE_SUPPORTREQUEST_POINTS: '5000', RATE_LIMITER_PACE_PASSWORDREQUEST_POINTS: '5000',
      // One person's feed of a dozen posts is made in a moment here; the pace of posts has its API test.
      RATE_LIMITER_PACE_POST_POINTS: '1000',
      PLAN_CHECK_CRON: TEST_PLAN_CHECK_CRON,
      ...gateway.env,
    },
  }, { seeded: true });
  console.log(`[e2e] Directus up with the demo in ${seconds(t)} at ${backend.url}`);

  t = Date.now();
  await buildSite({ directusUrl: backend.url, outDir: distDir, cacheDir });
  console.log(`[e2e] site built in ${seconds(t)}`);

  site = await startSiteServer({ distDir, port: sitePort, directusUrl: backend.url });
  console.log(`[e2e] site at ${site.url}; setup took ${seconds(started)}`);

  project.provide('siteUrl', site.url);
  project.provide('e2eDirectusUrl', backend.url);
  project.provide('e2eSiteBuild', { distDir, cacheDir });
  project.provide('e2eMailOutbox', mailOutbox(dataDir));
  project.provide('e2eGateway', { url: gateway.standinUrl!, merchant: gateway.merchant, apiKey: gateway.apiKey });
}

export async function teardown() {
  await site?.close();
  await backend?.stop();
  await gateway?.stop();
  site = undefined;
  backend = undefined;
  gateway = undefined;
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  workDir = '';
}

declare module 'vitest' {
  export interface ProvidedContext {
    siteUrl: string;
    e2eDirectusUrl: string;
    /** The served build and its page keys, for `renderChanges`. */
    e2eSiteBuild: { distDir: string; cacheDir: string };
    e2eMailOutbox: string;
    e2eGateway: { url: string; merchant: string; apiKey: string };
  }
}
