/** Starts one real Directus on a fresh SQLite database with the whole backend applied. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBackend, type Backend } from '../../scripts/lib/backend.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { mailOutbox } from '../../scripts/lib/directus-env.ts';
import { startPaymentGateway, type PaymentGateway } from '../../scripts/lib/payment-gateway.ts';
import { TEST_BACKEND_ENV } from './test-backend-env.ts';

export const ADMIN = { email: 'admin@example.com', password: 'admin-test-password' };
/** Shorter than the default, so the test of its end is quick. */
const REFRESH_GRACE_MS = 3_000;
/**
 * Allowances per address: every test's visitor calls come from this machine, so they are raised;
 * the tests of the limits themselves spend them from addresses of their own.
 */
export const ADDRESS_ALLOWANCE = { availability: 100, supportRequest: 100, passwordRequest: 100, socketMessages: 1000 } as const;

/**
 * Where the gateway's webhooks may come from: this machine (the stand-in) and one documentation range that
 * the tests claim through X-Forwarded-For (Directus trusts it from loopback).
 */
export const WEBHOOK_SOURCES = { range: '203.0.113.0/24', inside: '203.0.113.7', outside: '198.51.100.7' } as const;

/** The scheduled check of plans and invoices runs every two seconds in the tests. */
export const TEST_PLAN_CHECK_CRON = '*/2 * * * * *';

/** Searches of openings left behind by a stopped instance are looked for every five seconds in the tests. */
export const TEST_SEGMENT_LOOK_CRON = '*/5 * * * * *';

/** The rooms' sweep (members nobody sees, idle rooms) runs every two seconds in the tests. */
export const TEST_TOGETHER_CHECK_CRON = '*/2 * * * * *';

let backend: Backend | undefined;
let gateway: PaymentGateway | undefined;
let dataDir = '';

export async function setup(project: TestProject) {
  try {
    await start(project);
  } catch (err) {
    // Vitest skips teardown when setup throws: stop what started here, or it outlives the run.
    await teardown();
    throw err;
  }
}

async function start(project: TestProject) {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-api-'));
  const port = await freePort();
  gateway = await startPaymentGateway({ directusUrl: `http://127.0.0.1:${port}`, quiet: true });
  backend = await startBackend({
    dataDir,
    port,
    secret: 'test-secret-'.padEnd(40, 'x'),
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    quiet: true,
    // The one test backend that starts from nothing (not from a template): tests/api/smoke.test.ts checks it.
    extra: {
      ...TEST_BACKEND_ENV,
      SESSION_REFRESH_GRACE_PERIOD: String(REFRESH_GRACE_MS),
      RATE_LIMITER_PACE_AVAILABILITY_POINTS: String(ADDRESS_ALLOWANCE.availability),
      RATE_LIMITER_PACE_SUPPORTREQUEST_POINTS: String(ADDRESS_ALLOWANCE.supportRequest),
      RATE_LIMITER_PACE_PASSWORDREQUEST_POINTS: String(ADDRESS_ALLOWANCE.passwordRequest),
      // A second's realtime messages from one address, over all its sockets (the tests' calls keep their own 5000).
      RATE_LIMITER_SOCKET_POINTS: String(ADDRESS_ALLOWANCE.socketMessages),
      PLAN_CHECK_CRON: TEST_PLAN_CHECK_CRON,
      // Watching together: the sweep of stale members and idle rooms runs every two seconds.
      TOGETHER_CHECK_CRON: TEST_TOGETHER_CHECK_CRON,
      SEGMENT_LOOK_CRON: TEST_SEGMENT_LOOK_CRON,
      PAYMENT_WEBHOOK_IPS: `127.0.0.1, ${WEBHOOK_SOURCES.range}`,
      ...gateway.env,
    },
  });
  project.provide('directusUrl', backend.url);
  project.provide('databaseFile', backend.env.DB_FILENAME!);
  project.provide('firstApplyWrites', backend.applyWrites);
  project.provide('mailOutbox', mailOutbox(dataDir));
  project.provide('refreshGraceMs', REFRESH_GRACE_MS);
  project.provide('gateway', { url: gateway.standinUrl!, merchant: gateway.merchant, apiKey: gateway.apiKey });
}

export async function teardown() {
  await backend?.stop();
  await gateway?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    directusUrl: string;
    /** The SQLite file, for tests that leave in it what a stopped process would have. */
    databaseFile: string;
    firstApplyWrites: number;
    mailOutbox: string;
    refreshGraceMs: number;
    /** The local stand-in of the payment gateway, and the merchant id and key Directus signs with. */
    gateway: { url: string; merchant: string; apiKey: string };
  }
}
