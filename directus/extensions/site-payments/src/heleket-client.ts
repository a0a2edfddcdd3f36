/**
 * Calls to the Heleket merchant API (or its local stand-in, which speaks the same protocol):
 * an invoice for an order, and an invoice's current state. Each call is a signed POST of JSON;
 * answers are `{state: 0, result}`, refusals `{state: 1, errors | message}`.
 */
import { signBody } from './heleket-protocol.ts';

export interface GatewayConfig {
  apiUrl: string;
  merchant: string;
  apiKey: string;
  /** Where the gateway posts its webhooks. */
  callbackUrl: string;
}

/** An invoice as the gateway describes it (the fields this site reads). */
export interface GatewayInvoice {
  uuid: string;
  order_id: string;
  amount: string;
  currency: string;
  payment_status: string;
  url: string;
  expired_at: number | null;
  is_final: boolean;
  payment_amount: string | null;
  payer_amount: string | null;
  payer_currency: string | null;
  from: string | null;
}

export class GatewayError extends Error {
  readonly status: number | null;
  constructor(message: string, status: number | null) {
    super(message);
    this.name = 'GatewayError';
    this.status = status;
  }
}

const TIMEOUT_MS = 15_000;

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : null);

/** The answer's invoice, refusing one that lacks what the site relies on. */
export function invoiceOf(result: unknown): GatewayInvoice {
  const r = (result ?? {}) as Record<string, unknown>;
  const uuid = text(r.uuid);
  const orderId = text(r.order_id);
  const status = text(r.payment_status) ?? text(r.status);
  const url = text(r.url);
  if (!uuid || !orderId || !status || !url || !/^https?:\/\//.test(url)) throw new GatewayError('The gateway answered without an invoice', null);
  const expires = Number(r.expired_at);
  return {
    uuid,
    order_id: orderId,
    amount: text(r.amount) ?? '',
    currency: text(r.currency) ?? '',
    payment_status: status,
    url,
    expired_at: Number.isFinite(expires) && expires > 0 ? expires : null,
    is_final: r.is_final === true,
    payment_amount: text(r.payment_amount),
    payer_amount: text(r.payer_amount),
    payer_currency: text(r.payer_currency),
    from: text(r.from),
  };
}

async function call(config: GatewayConfig, path: string, body: Record<string, unknown>): Promise<unknown> {
  const json = JSON.stringify(body);
  let res: Response;
  try {
    res = await fetch(`${config.apiUrl.replace(/\/+$/, '')}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', merchant: config.merchant, sign: signBody(json, config.apiKey) },
      body: json,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new GatewayError(`The gateway did not answer ${path}: ${(err as Error).message}`, null);
  }
  const answer = (await res.json().catch(() => null)) as { state?: number; result?: unknown; message?: string; errors?: unknown } | null;
  if (!res.ok || answer?.state !== 0) {
    const why = answer?.message ?? (answer?.errors ? JSON.stringify(answer.errors) : res.statusText);
    throw new GatewayError(`The gateway refused ${path}: ${res.status} ${why}`, res.status);
  }
  return answer.result;
}

export interface NewPayment {
  amount: string;
  currency: string;
  orderId: string;
  returnUrl: string;
  successUrl: string;
  lifetime: number;
  /** For the merchant's own eyes; the gateway sends it back in every webhook. */
  note: string;
}

/** Creates (or, for an order id it knows, finds) the invoice of an order. */
export async function createPayment(config: GatewayConfig, p: NewPayment): Promise<GatewayInvoice> {
  return invoiceOf(await call(config, '/v1/payment', {
    amount: p.amount,
    currency: p.currency,
    order_id: p.orderId,
    url_callback: config.callbackUrl,
    url_return: p.returnUrl,
    url_success: p.successUrl,
    lifetime: p.lifetime,
    additional_data: p.note,
  }));
}

/** The invoice's state now, by the gateway's uuid or, before it is known, by our order id. */
export async function paymentInfo(config: GatewayConfig, by: { uuid: string } | { order_id: string }): Promise<GatewayInvoice> {
  return invoiceOf(await call(config, '/v1/payment/info', by));
}
