/**
 * A local stand-in of the Heleket merchant API, for `npm start` and the tests when no real
 * merchant is configured. It speaks the documented protocol: signed POSTs of JSON to
 * /v1/payment (an existing order id answers its existing invoice) and /v1/payment/info, answers
 * `{state: 0, result}`, refusals 401 or 422 `{state: 1, message | errors}`. Each invoice has a
 * payer's page with «Оплатить», «Оплатить не полностью» and «Отменить»; every status change
 * is sent to the invoice's url_callback as the gateway sends it (PHP's JSON, `/` as `\/`, `sign`
 * inside the body), again and again until the callback answers 200, and the payer goes back to
 * url_success (or url_return).
 *
 * Besides the protocol, for demos and tests: POST /__standin/payments/{uuid}/refund refunds a
 * paid invoice (as the merchant's dashboard would), and POST /__standin/deliveries
 * `{paused: true|false}` holds webhooks back and lets them go.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { sameSign, signBody, signedWebhook } from '../../directus/extensions/site-payments/src/heleket-protocol.ts';
import { BodyRefused, readRawBody } from '../../shared/request-body.ts';

export interface StandinOptions {
  port: number;
  merchant: string;
  apiKey: string;
  /** Where invoices are kept between runs (`npm start`); in memory when not given. */
  stateFile?: string;
  /** Retry delays of a webhook, in ms; the last one repeats. */
  retryDelays?: number[];
  log?: (line: string) => void;
}

interface Invoice {
  uuid: string;
  order_id: string;
  amount: string;
  currency: string;
  payer_amount: string;
  payer_currency: string;
  payment_amount: string;
  merchant_amount: string;
  network: string;
  address: string;
  from: string | null;
  txid: string | null;
  payment_status: string;
  is_final: boolean;
  additional_data: string | null;
  expired_at: number;
  created_at: string;
  updated_at: string;
  url_callback: string | null;
  url_return: string | null;
  url_success: string | null;
}

const ORDER_ID = /^[A-Za-z0-9_-]{1,128}$/;
const AMOUNT = /^\d{1,10}(\.\d{1,8})?$/;
const COMMISSION = 0.02;
/** The merchant API's bodies are a few hundred bytes. */
const MAX_BODY_BYTES = 64 * 1024;
const money = (n: number) => n.toFixed(2);

function httpUrl(v: unknown): boolean {
  if (typeof v !== 'string' || v.length > 1000) return false;
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class HeleketStandin {
  private invoices = new Map<string, Invoice>();
  private byOrder = new Map<string, string>();
  private queue: { invoice: string; body: string; attempt: number }[] = [];
  private paused = false;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private server: Server;
  private base = '';
  private o: StandinOptions;

  constructor(o: StandinOptions) {
    this.o = o;
    if (o.stateFile && existsSync(o.stateFile)) {
      for (const inv of JSON.parse(readFileSync(o.stateFile, 'utf8')) as Invoice[]) this.keep(inv);
    }
    this.server = createServer((req, res) => {
      this.route(req, res).catch((err: unknown) => {
        if (err instanceof BodyRefused) return this.json(res, err.status, { state: 1, message: err.tooLarge ? 'Request body is too large' : 'Request body could not be read' });
        this.log(`error: ${(err as Error).stack ?? err}`);
        if (!res.headersSent) this.json(res, 500, { state: 1, message: 'Internal error' });
      });
    });
  }

  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(this.o.port, '127.0.0.1', resolve));
    const address = this.server.address();
    this.base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : this.o.port}`;
    return this.base;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private log(line: string) {
    this.o.log?.(`[gateway] ${line}`);
  }

  private keep(inv: Invoice) {
    this.invoices.set(inv.uuid, inv);
    this.byOrder.set(inv.order_id, inv.uuid);
  }

  private save() {
    if (this.o.stateFile) writeFileSync(this.o.stateFile, JSON.stringify([...this.invoices.values()]));
  }

  private json(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private body(req: IncomingMessage, res: ServerResponse): Promise<Buffer> {
    return readRawBody(req, res, MAX_BODY_BYTES);
  }

  private async route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.base || 'http://127.0.0.1');
    const path = url.pathname;
    if (req.method === 'POST' && path.startsWith('/v1/')) return this.api(req, res, path);
    const page = /^\/pay\/([0-9a-f-]{36})$/.exec(path);
    if (page && req.method === 'GET') return this.payerPage(res, page[1]);
    const action = /^\/pay\/([0-9a-f-]{36})\/(pay|partial|cancel)$/.exec(path);
    if (action && req.method === 'POST') return this.payerAction(res, action[1], action[2] as 'pay' | 'partial' | 'cancel');
    const refund = /^\/__standin\/payments\/([0-9a-f-]{36})\/refund$/.exec(path);
    if (refund && req.method === 'POST') return this.refund(res, refund[1]);
    if (path === '/__standin/deliveries' && req.method === 'POST') {
      const raw = (await this.body(req, res)).toString();
      let asked: { paused?: unknown };
      try {
        asked = JSON.parse(raw || '{}') as { paused?: unknown };
      } catch {
        return this.json(res, 400, { state: 1, message: 'Invalid JSON' });
      }
      this.paused = asked?.paused === true;
      if (!this.paused) this.flush();
      return this.json(res, 200, { paused: this.paused, queued: this.queue.length });
    }
    res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Не найдено');
  }

  // ------------------------------------------------------------------ the merchant API

  private async api(req: IncomingMessage, res: ServerResponse, path: string) {
    const raw = await this.body(req, res);
    const merchant = req.headers.merchant;
    const sign = req.headers.sign;
    if (merchant !== this.o.merchant) return this.json(res, 401, { state: 1, message: 'Merchant not found' });
    if (typeof sign !== 'string' || !sameSign(signBody(raw, this.o.apiKey), sign)) return this.json(res, 401, { state: 1, message: 'Invalid Sign' });
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw.toString('utf8')) as Record<string, unknown>;
      if (!body || typeof body !== 'object' || Array.isArray(body)) throw new Error('not an object');
    } catch {
      return this.json(res, 422, { state: 1, message: 'Invalid JSON' });
    }
    if (path === '/v1/payment') return this.create(res, body);
    if (path === '/v1/payment/info') return this.info(res, body);
    return this.json(res, 404, { state: 1, message: 'Not found' });
  }

  private create(res: ServerResponse, b: Record<string, unknown>) {
    const errors: Record<string, string[]> = {};
    if (typeof b.amount !== 'string' || !AMOUNT.test(b.amount) || Number(b.amount) <= 0) errors.amount = ['The amount field must be a positive number string.'];
    if (typeof b.currency !== 'string' || !/^[A-Z]{3,5}$/.test(b.currency)) errors.currency = ['The currency field is invalid.'];
    if (typeof b.order_id !== 'string' || !ORDER_ID.test(b.order_id)) errors.order_id = ['The order id may only contain letters, numbers, dashes and underscores, 1 to 128.'];
    for (const f of ['url_callback', 'url_return', 'url_success']) {
      if (b[f] !== undefined && !httpUrl(b[f])) errors[f] = [`The ${f} must be a valid URL.`];
    }
    if (b.additional_data !== undefined && (typeof b.additional_data !== 'string' || b.additional_data.length > 255)) errors.additional_data = ['The additional data may not be greater than 255 characters.'];
    const lifetime = b.lifetime === undefined ? 3600 : b.lifetime;
    if (!Number.isInteger(lifetime) || (lifetime as number) < 300 || (lifetime as number) > 43_200) errors.lifetime = ['The lifetime must be between 300 and 43200.'];
    if (Object.keys(errors).length) return this.json(res, 422, { state: 1, errors });

    const known = this.byOrder.get(b.order_id as string);
    if (known) return this.json(res, 200, { state: 0, result: this.view(this.invoices.get(known)!) });
    const now = new Date();
    const inv: Invoice = {
      uuid: randomUUID(),
      order_id: b.order_id as string,
      amount: money(Number(b.amount)),
      currency: b.currency as string,
      payer_amount: money(Number(b.amount)),
      payer_currency: b.currency as string,
      payment_amount: '0.00',
      merchant_amount: '0.00',
      network: 'tron',
      address: `T${randomBytes(16).toString('hex')}`,
      from: null,
      txid: null,
      payment_status: 'check',
      is_final: false,
      additional_data: typeof b.additional_data === 'string' ? b.additional_data : null,
      expired_at: Math.floor(now.getTime() / 1000) + (lifetime as number),
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
      url_callback: (b.url_callback as string | undefined) ?? null,
      url_return: (b.url_return as string | undefined) ?? null,
      url_success: (b.url_success as string | undefined) ?? null,
    };
    this.keep(inv);
    this.save();
    this.log(`invoice ${inv.uuid} for order ${inv.order_id}: ${inv.amount} ${inv.currency}`);
    this.json(res, 200, { state: 0, result: this.view(inv) });
  }

  private info(res: ServerResponse, b: Record<string, unknown>) {
    const uuid = typeof b.uuid === 'string' ? b.uuid : typeof b.order_id === 'string' ? this.byOrder.get(b.order_id) : undefined;
    const inv = uuid ? this.invoices.get(uuid) : undefined;
    if (!inv) return this.json(res, 404, { state: 1, message: 'Payment not found' });
    this.expireIfDue(inv);
    this.json(res, 200, { state: 0, result: this.view(inv) });
  }

  /** An invoice as the API answers it. */
  private view(inv: Invoice) {
    return {
      uuid: inv.uuid, order_id: inv.order_id, amount: inv.amount, payment_amount: inv.payment_amount,
      payer_amount: inv.payer_amount, discount_percent: 0, discount: '0.00', payer_currency: inv.payer_currency,
      currency: inv.currency, merchant_amount: inv.merchant_amount, network: inv.network, address: inv.address,
      from: inv.from, txid: inv.txid, payment_status: inv.payment_status, url: `${this.base}/pay/${inv.uuid}`,
      expired_at: inv.expired_at, status: inv.payment_status, is_final: inv.is_final,
      additional_data: inv.additional_data, created_at: inv.created_at, updated_at: inv.updated_at,
    };
  }

  // ------------------------------------------------------------------ status changes and webhooks

  private expireIfDue(inv: Invoice) {
    if (inv.is_final || Date.now() / 1000 < inv.expired_at) return;
    this.change(inv, Number(inv.payment_amount) > 0 ? 'wrong_amount' : 'cancel', true);
  }

  private change(inv: Invoice, status: string, final: boolean) {
    inv.payment_status = status;
    inv.is_final = final;
    inv.updated_at = new Date().toISOString();
    this.save();
    this.log(`invoice ${inv.uuid}: ${status}`);
    if (!inv.url_callback) return;
    const body = signedWebhook({
      type: 'payment', uuid: inv.uuid, order_id: inv.order_id, amount: inv.amount, payment_amount: inv.payment_amount,
      payment_amount_usd: inv.payment_amount, merchant_amount: inv.merchant_amount, commission: money(Number(inv.payment_amount) * COMMISSION),
      is_final: inv.is_final, status: inv.payment_status, from: inv.from, wallet_address_uuid: null, network: inv.network,
      currency: inv.currency, payer_currency: inv.payer_currency, additional_data: inv.additional_data, txid: inv.txid,
    }, this.o.apiKey);
    this.queue.push({ invoice: inv.uuid, body, attempt: 0 });
    this.flush();
  }

  private flush() {
    if (this.paused) return;
    const due = this.queue.splice(0);
    for (const item of due) void this.deliver(item);
  }

  private async deliver(item: { invoice: string; body: string; attempt: number }) {
    const inv = this.invoices.get(item.invoice);
    if (!inv?.url_callback) return;
    let status = 0;
    try {
      const res = await fetch(inv.url_callback, { method: 'POST', headers: { 'content-type': 'application/json' }, body: item.body, signal: AbortSignal.timeout(15_000) });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    if (status === 200) return;
    const delays = this.o.retryDelays ?? [500, 1000, 2000, 5000, 10_000, 30_000];
    const delay = delays[Math.min(item.attempt, delays.length - 1)];
    this.log(`webhook of ${inv.uuid} answered ${status || 'nothing'}; again in ${delay} ms`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const next = { ...item, attempt: item.attempt + 1 };
      if (this.paused) this.queue.push(next);
      else void this.deliver(next);
    }, delay);
    this.timers.add(timer);
  }

  // ------------------------------------------------------------------ the payer's page

  private payerPage(res: ServerResponse, uuid: string) {
    const inv = this.invoices.get(uuid);
    if (!inv) {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><meta charset="utf-8"><title>Счёт не найден</title><p>Счёт не найден</p>');
      return;
    }
    this.expireIfDue(inv);
    const due = Number(inv.payer_amount) - Number(inv.payment_amount);
    const state: Record<string, string> = {
      check: 'Ожидает оплаты', wrong_amount_waiting: 'Оплачен не полностью', paid: 'Оплачен', paid_over: 'Оплачен',
      cancel: 'Отменён', wrong_amount: 'Оплачен не полностью, срок вышел', refund_paid: 'Деньги возвращены',
    };
    const back = inv.payment_status === 'paid' || inv.payment_status === 'paid_over' ? inv.url_success : inv.url_return;
    const form = (action: string, label: string) => `<form method="post" action="/pay/${inv.uuid}/${action}"><button type="submit">${label}</button></form>`;
    const html = `<!doctype html>
<html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Оплата счёта ${escapeHtml(inv.order_id)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f3f4f8;color:#1d1f2b;margin:0;padding:32px}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:16px;padding:28px;box-shadow:0 6px 24px rgb(0 0 0/.08)}
h1{font-size:22px;margin:0 0 4px}dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:20px 0}dt{color:#6b6f80}dd{margin:0;font-weight:600}
form{display:inline}button{font:inherit;padding:10px 18px;border-radius:999px;border:0;margin:0 8px 8px 0;cursor:pointer;background:#2b57d9;color:#fff}
form:nth-of-type(2) button{background:#8a5cf6}form:nth-of-type(3) button{background:#e5e7ef;color:#1d1f2b}.note{font-size:13px;color:#6b6f80}</style></head>
<body><main>
<h1>Оплата счёта</h1><p class="note">Тестовый платёжный шлюз на этом компьютере: деньги не списываются.</p>
<dl><dt>Заказ</dt><dd>${escapeHtml(inv.order_id)}</dd><dt>Сумма</dt><dd>${inv.amount} ${inv.currency}</dd>
<dt>Оплачено</dt><dd>${inv.payment_amount} ${inv.payer_currency}</dd>
${!inv.is_final && due > 0 ? `<dt>Осталось</dt><dd>${money(due)} ${inv.payer_currency}</dd>` : ''}
<dt>Статус</dt><dd role="status">${state[inv.payment_status] ?? inv.payment_status}</dd></dl>
${inv.is_final ? '' : form('pay', 'Оплатить') + form('partial', 'Оплатить не полностью') + form('cancel', 'Отменить')}
${inv.is_final && back ? `<p><a href="${escapeHtml(back)}">Вернуться на сайт</a></p>` : ''}
</main></body></html>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  }

  private payerAction(res: ServerResponse, uuid: string, action: 'pay' | 'partial' | 'cancel') {
    const inv = this.invoices.get(uuid);
    if (!inv) return this.json(res, 404, { state: 1, message: 'Payment not found' });
    this.expireIfDue(inv);
    if (!inv.is_final) {
      const due = Number(inv.payer_amount) - Number(inv.payment_amount);
      // `cancel` is the gateway's word for an invoice nobody paid; one paid in part ends as `wrong_amount`.
      if (action === 'cancel') this.change(inv, Number(inv.payment_amount) > 0 ? 'wrong_amount' : 'cancel', true);
      else {
        const paying = action === 'pay' ? due : Math.floor((due / 2) * 100) / 100;
        inv.payment_amount = money(Number(inv.payment_amount) + paying);
        inv.merchant_amount = money(Number(inv.payment_amount) * (1 - COMMISSION));
        inv.from = inv.from ?? `T${randomBytes(16).toString('hex')}`;
        inv.txid = randomBytes(32).toString('hex');
        if (action === 'pay') this.change(inv, 'paid', true);
        else this.change(inv, 'wrong_amount_waiting', false);
      }
    }
    const back = inv.payment_status === 'paid' ? inv.url_success : inv.url_return;
    res.writeHead(303, { location: back ?? `/pay/${inv.uuid}` });
    res.end();
  }

  private refund(res: ServerResponse, uuid: string) {
    const inv = this.invoices.get(uuid);
    if (!inv) return this.json(res, 404, { state: 1, message: 'Payment not found' });
    if (inv.payment_status !== 'paid' && inv.payment_status !== 'paid_over') return this.json(res, 422, { state: 1, message: 'Only a paid invoice is refunded' });
    this.change(inv, 'refund_paid', true);
    this.json(res, 200, { state: 0, result: this.view(inv) });
  }
}

export async function startStandin(o: StandinOptions): Promise<{ url: string; standin: HeleketStandin }> {
  const standin = new HeleketStandin(o);
  return { url: await standin.listen(), standin };
}

/** The line the stand-in's process prints, with its address, once it listens. */
export const READY = 'Payment gateway stand-in at';
