/**
 * Driving the local stand-in of the payment gateway from tests, as a payer and as the gateway:
 * pressing the payer page's buttons, holding its webhooks back, refunding, and sending webhooks
 * signed with the merchant's key exactly as the gateway does (PHP's JSON, sign inside the body).
 */
import { signedWebhook } from '../../directus/extensions/site-payments/src/heleket-protocol.ts';

export interface GatewayAccess { url: string; merchant: string; apiKey: string }

/** The uuid of the gateway's invoice from its payer page's address. */
export const uuidOf = (payUrl: string) => new URL(payUrl).pathname.split('/').pop()!;

/** Presses a button of the payer's page; answers where the payer is sent next. */
export async function payerPresses(payUrl: string, button: 'pay' | 'partial' | 'cancel'): Promise<string | null> {
  const res = await fetch(`${payUrl}/${button}`, { method: 'POST', redirect: 'manual' });
  if (res.status !== 303) throw new Error(`payer's ${button} → ${res.status}`);
  return res.headers.get('location');
}

export async function holdWebhooks(gateway: GatewayAccess, paused: boolean): Promise<void> {
  const res = await fetch(`${gateway.url}/__standin/deliveries`, { method: 'POST', body: JSON.stringify({ paused }) });
  if (!res.ok) throw new Error(`deliveries → ${res.status}`);
}

export async function refund(gateway: GatewayAccess, uuid: string): Promise<void> {
  const res = await fetch(`${gateway.url}/__standin/payments/${uuid}/refund`, { method: 'POST' });
  if (!res.ok) throw new Error(`refund → ${res.status} ${await res.text()}`);
}

/** A webhook body as the gateway writes it, for an invoice and status. */
export function webhookBody(apiKey: string, p: { uuid: string; orderId: string; status: string; amount?: string; extra?: Record<string, unknown> }): string {
  return signedWebhook({
    type: 'payment', uuid: p.uuid, order_id: p.orderId, amount: p.amount ?? '399.00', payment_amount: p.amount ?? '399.00',
    merchant_amount: '391.02', is_final: !['check', 'process', 'confirm_check', 'wrong_amount_waiting'].includes(p.status),
    status: p.status, currency: 'RUB', payer_currency: 'RUB', network: 'tron', txid: 'f'.repeat(64),
    additional_data: null, url: `https://pay.example/invoice/${p.uuid}`, ...p.extra,
  }, apiKey);
}

/** Posts a raw webhook body to Directus (from `from`, as a proxy on this machine tells it); answers the HTTP status. */
export async function postWebhook(directusUrl: string, body: string, contentType = 'application/json', from?: string): Promise<number> {
  return (await postWebhookAnswer(directusUrl, body, contentType, from)).status;
}

export async function postWebhookAnswer(directusUrl: string, body: string, contentType = 'application/json', from?: string): Promise<{ status: number; message?: string }> {
  const res = await fetch(`${directusUrl}/payment/webhook`, {
    method: 'POST', headers: { 'content-type': contentType, ...(from ? { 'x-forwarded-for': from } : {}) }, body,
  });
  const json = await res.json().catch(() => ({})) as { errors?: { message?: string }[] };
  return { status: res.status, message: json.errors?.[0]?.message };
}
