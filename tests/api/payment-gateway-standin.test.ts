/**
 * The local stand-in of the payment gateway follows Heleket's protocol: signed calls, the same
 * answers and refusals, one invoice per order id, and webhooks written as PHP writes them (`\/`,
 * `sign` inside), sent again until the callback answers 200.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signBody, verifiedWebhook } from '../../directus/extensions/site-payments/src/heleket-protocol.ts';
import { startStandin, type HeleketStandin } from '../../scripts/lib/heleket-standin.ts';
import { freePort } from '../../scripts/lib/free-port.ts';

const MERCHANT = '8b03432e-385b-4670-8d06-064591096795';
const KEY = 'stand-in-test-key';

let standin: HeleketStandin;
let base = '';
let callback: Server;
let callbackUrl = '';
/** What the callback received, and how many times it refuses before answering 200. */
const received: Buffer[] = [];
let refusals = 0;

beforeAll(async () => {
  ({ standin, url: base } = await startStandin({ port: 0, merchant: MERCHANT, apiKey: KEY, retryDelays: [50] }));
  const port = await freePort();
  callback = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(Buffer.concat(chunks));
      if (refusals > 0) {
        refusals--;
        res.writeHead(500).end();
      } else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => callback.listen(port, '127.0.0.1', resolve));
  callbackUrl = `http://127.0.0.1:${port}/hooks/heleket`;
});

afterAll(async () => {
  await standin?.close();
  await new Promise<void>((resolve) => callback?.close(() => resolve()));
});

async function api(path: string, body: unknown, o: { merchant?: string; sign?: string } = {}) {
  const json = JSON.stringify(body);
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', merchant: o.merchant ?? MERCHANT, sign: o.sign ?? signBody(json, KEY) },
    body: json,
  });
  return { status: res.status, body: await res.json() as { state: number; result?: Record<string, any>; errors?: Record<string, string[]>; message?: string } };
}

const order = () => `order_${Math.random().toString(36).slice(2, 10)}`;

describe('the stand-in of the gateway', () => {
  it('makes an invoice in the answer shape of /v1/payment, and answers the same one for the same order id', async () => {
    const id = order();
    const made = await api('/v1/payment', { amount: '399.00', currency: 'RUB', order_id: id, url_callback: callbackUrl, lifetime: 3600 });
    expect(made.status).toBe(200);
    expect(made.body.state).toBe(0);
    expect(made.body.result).toMatchObject({ order_id: id, amount: '399.00', currency: 'RUB', payment_status: 'check', is_final: false });
    expect(made.body.result!.url).toBe(`${base}/pay/${made.body.result!.uuid}`);
    const again = await api('/v1/payment', { amount: '399.00', currency: 'RUB', order_id: id });
    expect(again.body.result!.uuid).toBe(made.body.result!.uuid);
    const info = await api('/v1/payment/info', { order_id: id });
    expect(info.body.result!.uuid).toBe(made.body.result!.uuid);
  });

  it('refuses a wrong sign or merchant with 401 and bad fields with 422 and the field named', async () => {
    expect((await api('/v1/payment', { amount: '1.00', currency: 'RUB', order_id: order() }, { sign: '0'.repeat(32) })).status).toBe(401);
    expect((await api('/v1/payment', { amount: '1.00', currency: 'RUB', order_id: order() }, { merchant: 'someone-else' })).status).toBe(401);
    const bad = await api('/v1/payment', { amount: 399, currency: 'RUB', order_id: 'has space', lifetime: 60 });
    expect(bad.status).toBe(422);
    expect(bad.body.state).toBe(1);
    expect(Object.keys(bad.body.errors!).sort()).toEqual(['amount', 'lifetime', 'order_id']);
    expect((await api('/v1/payment/info', { uuid: '00000000-0000-4000-8000-000000000000' })).status).toBe(404);
  });

  it('posts a PHP-style signed webhook when paid, again until answered 200, and sends the payer to url_success', async () => {
    const id = order();
    const made = await api('/v1/payment', {
      amount: '699.00', currency: 'RUB', order_id: id, url_callback: callbackUrl, url_success: 'https://site.example/back?ok=1', url_return: 'https://site.example/back',
      additional_data: '«Премиум+» на 30 дн.: https://site.example/profile/tariff',
    });
    received.length = 0;
    refusals = 2;
    const pressed = await fetch(`${made.body.result!.url}/pay`, { method: 'POST', redirect: 'manual' });
    expect(pressed.status).toBe(303);
    expect(pressed.headers.get('location')).toBe('https://site.example/back?ok=1');
    await vi.waitFor(() => expect(received.length).toBe(3), { timeout: 5000, interval: 20 });
    const raw = received[2];
    expect(raw.toString()).toContain('https:\\/\\/site.example\\/profile\\/tariff');
    expect(raw.toString()).toContain('«Премиум+»');
    expect(raw.toString()).toMatch(/"sign":"[0-9a-f]{32}"}$/);
    const payload = verifiedWebhook(raw, KEY);
    expect(payload).toMatchObject({ type: 'payment', order_id: id, status: 'paid', is_final: true, payment_amount: '699.00', additional_data: '«Премиум+» на 30 дн.: https://site.example/profile/tariff' });
    expect(received.every((r) => r.equals(raw))).toBe(true);
  });

  it('takes part of the sum, shows what is left on the payer page, and ends as underpaid when the payer gives up', async () => {
    const made = await api('/v1/payment', { amount: '399.00', currency: 'RUB', order_id: order(), url_callback: callbackUrl });
    const url = made.body.result!.url as string;
    await fetch(`${url}/partial`, { method: 'POST', redirect: 'manual' });
    const page = await (await fetch(url)).text();
    expect(page).toContain('Осталось</dt><dd>199.50 RUB');
    expect(page).toContain('Оплатить не полностью');
    const info = await api('/v1/payment/info', { uuid: made.body.result!.uuid });
    expect(info.body.result).toMatchObject({ payment_status: 'wrong_amount_waiting', payment_amount: '199.50', is_final: false });
    await fetch(`${url}/cancel`, { method: 'POST', redirect: 'manual' });
    const after = await api('/v1/payment/info', { uuid: made.body.result!.uuid });
    // `cancel` means nobody paid: an invoice paid in part ends as `wrong_amount`, its money kept in view.
    expect(after.body.result).toMatchObject({ payment_status: 'wrong_amount', payment_amount: '199.50', is_final: true });
    expect(await (await fetch(url)).text()).not.toContain('<button');
  });

  it('cancels an invoice nobody paid', async () => {
    const made = await api('/v1/payment', { amount: '399.00', currency: 'RUB', order_id: order(), url_callback: callbackUrl });
    await fetch(`${made.body.result!.url as string}/cancel`, { method: 'POST', redirect: 'manual' });
    const after = await api('/v1/payment/info', { uuid: made.body.result!.uuid });
    expect(after.body.result).toMatchObject({ payment_status: 'cancel', payment_amount: '0.00', is_final: true });
  });
});
