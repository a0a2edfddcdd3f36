/**
 * The payment gateway Directus talks to: the real Heleket when the environment names a merchant
 * (HELEKET_MERCHANT, HELEKET_API_KEY), otherwise the local stand-in, started as a process of its
 * own with a fresh merchant id and key that only it and this Directus know.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { ROOT } from './paths.ts';
import { READY } from './heleket-standin.ts';

export interface PaymentGateway {
  /** The stand-in's address; null for the real gateway. */
  standinUrl: string | null;
  merchant: string;
  apiKey: string;
  /** Directus's environment for payments (the site's address comes with the rest, see directus-env.ts). */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export interface GatewayOptions {
  /** Directus's own address: the stand-in posts its webhooks there. */
  directusUrl: string;
  /** The stand-in's port (0 for any free one). */
  port?: number;
  /** Keep the stand-in's invoices between runs in this file. */
  stateFile?: string;
  quiet?: boolean;
  /** Use the real gateway when the caller's environment names a merchant (`npm start`, never in tests). */
  inheritProduction?: boolean;
}

export async function startPaymentGateway(o: GatewayOptions): Promise<PaymentGateway> {
  const env = process.env;
  if (o.inheritProduction && env.HELEKET_MERCHANT && env.HELEKET_API_KEY) {
    return {
      standinUrl: null, merchant: env.HELEKET_MERCHANT, apiKey: env.HELEKET_API_KEY,
      env: {}, stop: async () => {},
    };
  }
  const merchant = randomUUID();
  const apiKey = randomBytes(24).toString('hex');
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/heleket-standin.ts')], {
    cwd: ROOT,
    env: {
      PATH: env.PATH ?? '', HELEKET_STANDIN_PORT: String(o.port ?? 0), HELEKET_MERCHANT: merchant, HELEKET_API_KEY: apiKey,
      ...(o.stateFile ? { HELEKET_STANDIN_STATE: o.stateFile } : {}), ...(o.quiet ? { HELEKET_STANDIN_QUIET: '1' } : {}),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const standinUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (d: Buffer) => {
      out += d.toString();
      const ready = new RegExp(`${READY} (\\S+)`).exec(out);
      if (!ready) return;
      child.stdout.off('data', onData);
      resolve(ready[1]);
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The gateway stand-in exited (${code}):\n${out}`)));
  });
  if (!o.quiet) child.stdout.on('data', (d: Buffer) => process.stdout.write(d));
  return {
    standinUrl,
    merchant,
    apiKey,
    env: {
      HELEKET_API_URL: standinUrl, HELEKET_MERCHANT: merchant, HELEKET_API_KEY: apiKey,
      HELEKET_CALLBACK_URL: `${o.directusUrl}/payment/webhook`,
    },
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 3000).unref();
    }),
  };
}
