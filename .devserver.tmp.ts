import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startBackend } from './scripts/lib/backend.ts';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-dev-'));
const b = await startBackend({ dataDir, port: 18055, secret: 'test-secret-'.padEnd(40, 'x'), adminEmail: 'admin@example.com', adminPassword: 'admin-test-password', quiet: false,
  extra: { RATE_LIMITER_POINTS: '5000', RATE_LIMITER_REGISTRATION_POINTS: '1000', LOG_LEVEL: 'info' } });
console.log('READY', b.url, dataDir);
