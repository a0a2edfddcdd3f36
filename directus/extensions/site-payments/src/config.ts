/**
 * Payment settings from the environment. Production sets HELEKET_MERCHANT and HELEKET_API_KEY
 * (and HELEKET_CALLBACK_URL when PUBLIC_URL is not the address the gateway reaches);
 * `npm start` and the tests point HELEKET_API_URL at the local stand-in of the gateway.
 */
import type { GatewayConfig } from './heleket-client.ts';
import { envText } from '../../shared/env.ts';

export interface PaymentConfig {
  gateway: GatewayConfig | null;
  /** The site's address: the gateway sends the person back to its tariff screen. */
  siteUrl: string;
  /** How long an invoice can be paid, in seconds (the gateway allows 300 to 43,200). */
  lifetime: number;
  /** When the scheduled check of plans and open invoices runs (cron, seconds allowed). */
  checkCron: string;
}

type Env = Record<string, unknown>;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function paymentConfig(env: Env): PaymentConfig {
  const merchant = envText(env, 'HELEKET_MERCHANT');
  const apiKey = envText(env, 'HELEKET_API_KEY');
  const publicUrl = envText(env, 'PUBLIC_URL') ?? 'http://127.0.0.1:8055';
  const lifetime = Number(env.PAYMENT_LIFETIME_SECONDS ?? 3600);
  return {
    gateway: merchant && apiKey
      ? {
          apiUrl: trimSlash(envText(env, 'HELEKET_API_URL') ?? 'https://api.heleket.com'),
          merchant,
          apiKey,
          callbackUrl: envText(env, 'HELEKET_CALLBACK_URL') ?? `${trimSlash(publicUrl)}/payment/webhook`,
        }
      : null,
    siteUrl: trimSlash(envText(env, 'SITE_URL') ?? 'http://127.0.0.1:4321'),
    lifetime: Number.isInteger(lifetime) ? Math.min(43_200, Math.max(300, lifetime)) : 3600,
    checkCron: envText(env, 'PLAN_CHECK_CRON') ?? '0 * * * * *',
  };
}

/** Where the gateway sends the person back: the tariff screen showing this invoice. */
export const returnUrl = (config: PaymentConfig, invoiceId: string) => `${config.siteUrl}/profile/tariff?invoice=${invoiceId}`;
