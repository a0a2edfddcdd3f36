/** Starts one real Directus on a fresh SQLite database with the whole backend applied. */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startBackend, type Backend } from '../../scripts/lib/backend.ts';
import { freePort } from '../../scripts/lib/free-port.ts';
import { mailOutbox } from '../../scripts/lib/directus-env.ts';

export const ADMIN = { email: 'admin@example.com', password: 'admin-test-password' };
/** Shorter than the default, so the test of its end is quick. */
const REFRESH_GRACE_MS = 3_000;
/**
 * Allowances per address: every test's visitor calls come from this machine, so they are raised;
 * the tests of the limits themselves spend them from addresses of their own.
 */
export const ADDRESS_ALLOWANCE = { availability: 100, supportRequest: 100 } as const;

let backend: Backend | undefined;
let dataDir = '';

export async function setup(project: TestProject) {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-api-'));
  backend = await startBackend({
    dataDir,
    port: await freePort(),
    secret: 'test-secret-'.padEnd(40, 'x'),
    adminEmail: ADMIN.email,
    adminPassword: ADMIN.password,
    quiet: true,
    // Tests create many users and fire 200 parallel views from one address.
    // The pressure limiter answers 503 when the event loop lags, as it does on a busy test machine.
    extra: {
      RATE_LIMITER_POINTS: '5000', RATE_LIMITER_REGISTRATION_POINTS: '1000', PRESSURE_LIMITER_ENABLED: 'false',
      SESSION_REFRESH_GRACE_PERIOD: String(REFRESH_GRACE_MS),
      RATE_LIMITER_PACE_AVAILABILITY_POINTS: String(ADDRESS_ALLOWANCE.availability),
      RATE_LIMITER_PACE_SUPPORTREQUEST_POINTS: String(ADDRESS_ALLOWANCE.supportRequest),
    },
  });
  project.provide('directusUrl', backend.url);
  project.provide('firstApplyWrites', backend.applyWrites);
  project.provide('mailOutbox', mailOutbox(dataDir));
  project.provide('refreshGraceMs', REFRESH_GRACE_MS);
}

export async function teardown() {
  await backend?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    directusUrl: string;
    firstApplyWrites: number;
    mailOutbox: string;
    refreshGraceMs: number;
  }
}
