/**
 * /payment: `POST /payment/buy` makes an invoice with the gateway for the signed-in caller alone
 * and answers the payer's page; `GET /payment/invoices/:id` is its state for the return page,
 * asked of the gateway while it is open; `POST /payment/webhook` takes the gateway's signed
 * callbacks (from the addresses PAYMENT_WEBHOOK_IPS lists, when it is set), checked on the raw
 * bytes and confirmed by asking the gateway before anything moves;
 * `GET /payment/kept-episodes` names the episodes kept for subscribers, for the locked list
 * everyone sees (their sources reach subscribers alone, through the series permissions).
 */
import { defineEndpoint } from '@directus/extensions';
import { createError, InvalidPayloadError } from '@directus/errors';
import { createRateLimiter } from '../../shared/directus-internals.ts';
import type { Request, Response } from 'express';
import type { Knex } from 'knex';
import { INVOICES_PER_TEN_MINUTES, PAYMENT_GATEWAYS, PAYMENT_MESSAGES, PLANS, SUBSCRIPTION_DAYS } from '../../../../shared/plans.ts';
import type { Accountability } from '../../shared/directus.ts';
import { BodyTooLarge, requestBytes } from '../../shared/request-body.ts';
import { paymentConfig, returnUrl, type PaymentConfig } from './config.ts';
import { isOpen } from './gateway-status.ts';
import { createPayment, paymentInfo } from './heleket-client.ts';
import { verifiedWebhook } from './heleket-protocol.ts';
import { webhookSources } from './webhook-sources.ts';
import {
  applyGatewayState, claimInvoice, ForeignInvoice, invoiceByOrder, invoiceView, readInvoice, type InvoiceRow,
} from './invoices.ts';
import { purgeCache } from './cache.ts';
import { limiterPrefix } from '../../shared/env.ts';
import { handle } from '../../shared/route-handler.ts';

type Caller = Request & { accountability?: Accountability | null; rawBody?: Buffer; schema?: unknown };

const SignInFirst = createError('UNAUTHORIZED', 'Войдите, чтобы оплатить подписку', 401);
const NotYours = createError('FORBIDDEN', 'Оплатить можно только свою подписку', 403);
const PaymentFailed = createError('PAYMENT_FAILED', PAYMENT_MESSAGES.failed, 502);
const PaymentsOff = createError('PAYMENTS_UNAVAILABLE', 'Оплата сейчас недоступна', 503);
const GatewayBusy = createError('GATEWAY_UNAVAILABLE', 'Платёжный шлюз не ответил, повторите позже', 503);
const TooManyInvoices = createError<{ wait: number }>('PAYMENT_LIMITED', (e) => `Слишком много счетов подряд. Подождите ${e.wait} с.`, 429);
const NotFound = createError('NOT_FOUND', 'Счёт не найден', 404);
const BadSign = createError('INVALID_SIGNATURE', 'Неверная подпись', 401);
const NotTheGateway = createError('FORBIDDEN', 'Уведомления о платежах принимаются только с адресов платёжного шлюза', 403);

/** The return page's polls ask the gateway about one invoice at most this often. */
const GATEWAY_CHECK_MS = 2_000;
const MAX_WEBHOOK_BYTES = 64 * 1024;
/** Titles asked about at once by the build (it reads 250 a call). */
const KEPT_TITLES_MAX = 1000;

function caller(req: Caller): string {
  const me = req.accountability?.user;
  if (!me) throw new SignInFirst();
  return me;
}

/** The exact bytes the gateway sent: Directus keeps them for JSON; any other type is read here. */
async function rawBody(req: Caller, res: Response): Promise<Buffer> {
  const body = Buffer.isBuffer(req.rawBody) ? req.rawBody : await requestBytes(req, res, MAX_WEBHOOK_BYTES);
  if (body.length > MAX_WEBHOOK_BYTES) throw new BodyTooLarge();
  return body;
}

function planOf(raw: unknown) {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
  const plan = PLANS.find((p) => p.id === id);
  if (!plan) throw new InvalidPayloadError({ reason: 'Такого тарифа нет' });
  return plan;
}

/**
 * The gateway's payer page for the invoice. The gateway answers an order id it knows with its invoice, so
 * a buy handing out an invoice another buy is still asking for gets the same page. Only the buy that made
 * the invoice marks it failed when the gateway does not answer.
 */
async function sendToGateway(db: Knex, config: PaymentConfig, invoice: InvoiceRow, planName: string, made: boolean): Promise<string> {
  if (!config.gateway) throw new PaymentsOff();
  let applied;
  let url;
  try {
    const info = await createPayment(config.gateway, {
      amount: invoice.amount, currency: invoice.currency, orderId: invoice.orderId, lifetime: config.lifetime,
      returnUrl: returnUrl(config, invoice.id), successUrl: returnUrl(config, invoice.id),
      note: `«${planName}» на ${invoice.days} дн.: ${returnUrl(config, invoice.id)}`,
    });
    applied = await applyGatewayState(db, invoice.id, info, 'buy');
    url = info.url;
  } catch (err) {
    if (made) {
      const now = new Date();
      await db('invoices').where({ id: invoice.id, status: 'pending' }).whereNull('gatewayId').update({ status: 'failed', date_updated: now, checkedAt: now });
    }
    throw new PaymentFailed(undefined, { cause: err });
  }
  if (!isOpen(applied.status)) throw new PaymentFailed();
  return url;
}

export default defineEndpoint({
  id: 'payment',
  handler: (router, { database, env, logger, services, getSchema }) => {
    const config = paymentConfig(env);
    const sources = webhookSources(env.PAYMENT_WEBHOOK_IPS);
    if (sources?.invalid.length) logger.error(`PAYMENT_WEBHOOK_IPS: not an address or range: ${sources.invalid.join(', ')}; no webhook is taken until it is fixed`);
    const prefix = limiterPrefix(env);
    const pace = createRateLimiter('RATE_LIMITER_PAYMENT', { keyPrefix: `${prefix}-payment`, points: INVOICES_PER_TEN_MINUTES, duration: 600 });
    const afterChange = () => purgeCache({ services, getSchema }).catch((err: unknown) => logger.error(err));

    router.post('/buy', handle(async (req, res) => {
      const me = caller(req);
      const body = (req.body ?? {}) as Record<string, unknown>;
      if (body.userId !== undefined && body.userId !== null && body.userId !== me) {
        throw new NotYours();
      }
      if (typeof body.gateway !== 'string' || !(PAYMENT_GATEWAYS as readonly string[]).includes(body.gateway)) {
        throw new InvalidPayloadError({ reason: 'Такого способа оплаты нет' });
      }
      const plan = planOf(body.planId);
      // An invoice handed out again spends nothing of the pace: only a new one does.
      const spendPace = async () => {
        try {
          await pace.consume(me);
        } catch (refusal) {
          const wait = (refusal as { msBeforeNext?: number })?.msBeforeNext;
          if (typeof wait !== 'number') throw refusal;
          throw new TooManyInvoices({ wait: Math.max(1, Math.ceil(wait / 1000)) });
        }
      };
      const { invoice, made } = await claimInvoice(database, {
        user: me, plan: plan.id, days: SUBSCRIPTION_DAYS, amount: plan.price, currency: plan.currency, gateway: body.gateway,
      }, new Date(), spendPace);
      const url = invoice.payUrl ?? await sendToGateway(database, config, invoice, plan.name, made);
      res.json({ data: { url, invoice: invoice.id } });
    }));

    router.get('/invoices/:id', handle(async (req, res) => {
      const me = caller(req);
      const id = String(req.params.id);
      let invoice = /^[0-9a-f-]{36}$/i.test(id) ? await readInvoice(database, id) : null;
      if (!invoice || invoice.user !== me) throw new NotFound();
      if (isOpen(invoice.status) && config.gateway) {
        const now = new Date();
        // One look at the gateway per invoice every few seconds, however many tabs or instances ask.
        const claimed = await database('invoices').where({ id, status: invoice.status })
          .where((q) => q.whereNull('checkedAt').orWhere('checkedAt', '<=', new Date(now.getTime() - GATEWAY_CHECK_MS)))
          .update({ checkedAt: now });
        if (claimed) {
          try {
            const info = await paymentInfo(config.gateway, invoice.gatewayId ? { uuid: invoice.gatewayId } : { order_id: invoice.orderId });
            const applied = await applyGatewayState(database, id, info, 'return');
            if (applied.granted || applied.takenBack) await afterChange();
          } catch (err) {
            // The person sees the invoice as it stands; the next poll asks again.
            logger.warn(err);
          }
          invoice = (await readInvoice(database, id))!;
        }
      }
      const full = await database('invoices').where({ id }).first('periodEnd', 'paidAt');
      res.json({ data: invoiceView({ ...invoice, ...full }) });
    }));

    // Episodes kept for subscribers, what everyone may know of them: id, name and place, never the source.
    router.get('/kept-episodes', handle(async (req, res) => {
      const raw = typeof req.query.titles === 'string' ? req.query.titles.split(',') : [];
      const titles = [...new Set(raw.map(Number))];
      if (!titles.length || titles.length > KEPT_TITLES_MAX || !titles.every((t) => Number.isSafeInteger(t) && t > 0)) {
        throw new InvalidPayloadError({ reason: `Укажите titles: до ${KEPT_TITLES_MAX} номеров сериалов и фильмов через запятую` });
      }
      const rows = await database('series as s').join('titles as t', 't.id', 's.title')
        .whereIn('s.title', titles).where('t.status', 'published').where('s.deleted', true)
        .where((q) => q.where('s.takenDown', false).orWhereNull('s.takenDown'))
        .orderBy(['s.title', 's.sort', 's.id'])
        .select('s.id', 's.title', 's.name', 's.sort', 's.season');
      res.json({ data: rows });
    }));

    router.post('/webhook', handle(async (req, res) => {
      // The address Directus derives for the caller (through the proxies IP_TRUST_PROXY trusts).
      if (sources && !sources.allows(req.accountability?.ip)) throw new NotTheGateway();
      if (!config.gateway) throw new PaymentsOff();
      const payload = verifiedWebhook(await rawBody(req, res), config.gateway.apiKey);
      if (!payload) throw new BadSign();
      const uuid = payload.uuid;
      const orderId = payload.order_id;
      if (typeof uuid !== 'string' || typeof orderId !== 'string' || !uuid || !orderId) {
        throw new InvalidPayloadError({ reason: 'Нет uuid или order_id' });
      }
      const invoice = await invoiceByOrder(database, orderId);
      if (!invoice) throw new NotFound();
      if (invoice.gatewayId && invoice.gatewayId !== uuid) throw new InvalidPayloadError({ reason: 'Счёт шлюза не совпадает со счётом заказа' });
      let info;
      try {
        info = await paymentInfo(config.gateway, { uuid });
      } catch (err) {
        logger.warn(err);
        throw new GatewayBusy();
      }
      let applied;
      try {
        applied = await applyGatewayState(database, invoice.id, info, 'webhook');
      } catch (err) {
        if (err instanceof ForeignInvoice) throw new InvalidPayloadError({ reason: 'Счёт шлюза не совпадает со счётом заказа' });
        throw err;
      }
      if (applied.granted || applied.takenBack) await afterChange();
      // A payment the gateway does not confirm yet: answered so that it is sent again later.
      const claimsPaid = payload.status === 'paid' || payload.status === 'paid_over';
      if (claimsPaid && applied.status !== 'paid' && applied.status !== 'refunded') throw new GatewayBusy();
      res.json({ data: { status: applied.status } });
    }));
  },
});

