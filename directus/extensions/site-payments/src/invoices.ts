/**
 * Invoices: made for the signed-in buyer, moved only by what the gateway confirms. A confirmed
 * payment changes the invoice, the role, the plan and the paid-until day in one transaction; the
 * invoice's row is locked first and its status is claimed by a conditional update, and a unique
 * index allows one 'payment' change per invoice, so however many webhooks come, in whatever
 * order, on whichever instance, the plan is granted once. A refund takes the grant back the same way.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { InvoiceStatus } from '../../../../shared/rules.ts';
import { afterPurchase, afterRefund, DAY_MS } from '../../../../shared/subscription.ts';
import { locked } from '../../shared/row-lock.ts';
import { toDate, toJson } from './db.ts';
import { isOpen, nextStatus } from './gateway-status.ts';
import type { GatewayInvoice } from './heleket-client.ts';
import { changePlan, recordChange } from './plan-change.ts';

export interface InvoiceRow {
  id: string;
  user: string;
  plan: number;
  days: number;
  amount: string;
  currency: string;
  status: InvoiceStatus;
  orderId: string;
  gatewayId: string | null;
  gatewayStatus: string | null;
  payUrl: string | null;
  expiresAt: Date | null;
  paidAmount: string | null;
  payerAmount: string | null;
  payerCurrency: string | null;
  date_created: Date | null;
}

export interface HistoryEntry { at: string; status: string; by: string }

const money = (n: number) => n.toFixed(2);

export function invoiceRow(raw: Record<string, unknown>): InvoiceRow {
  return {
    ...(raw as unknown as InvoiceRow),
    plan: Number(raw.plan),
    days: Number(raw.days),
    amount: money(Number(raw.amount)),
    paidAmount: raw.paidAmount === null || raw.paidAmount === undefined ? null : money(Number(raw.paidAmount)),
    payerAmount: raw.payerAmount === null || raw.payerAmount === undefined ? null : money(Number(raw.payerAmount)),
    expiresAt: toDate(raw.expiresAt),
    date_created: toDate(raw.date_created),
  };
}

export async function readInvoice(db: Knex, id: string): Promise<InvoiceRow | null> {
  const raw = await db('invoices').where({ id }).first();
  return raw ? invoiceRow(raw) : null;
}

export async function invoiceByOrder(db: Knex, orderId: string): Promise<InvoiceRow | null> {
  const raw = await db('invoices').where({ orderId }).first();
  return raw ? invoiceRow(raw) : null;
}

/** A new invoice of the buyer, waiting for the gateway's address; its id is the order id. */
async function newInvoice(db: Knex, o: NewInvoice): Promise<InvoiceRow> {
  const id = randomUUID();
  const now = new Date();
  await db('invoices').insert({
    id, orderId: id, user: o.user, plan: o.plan, days: o.days, amount: money(o.amount), currency: o.currency,
    gateway: o.gateway, status: 'pending', history: JSON.stringify([{ at: now.toISOString(), status: 'created', by: 'buy' }]),
    date_created: now, date_updated: now,
  });
  return (await readInvoice(db, id))!;
}

export interface NewInvoice { user: string; plan: number; days: number; amount: number; currency: string; gateway: string }

/** An invoice still waiting this long for the gateway's address was left by a buy that never finished. */
const IN_FLIGHT_MS = 60_000;

/**
 * An open invoice of the buyer for the plan that buying again hands out: one that can still be paid for a
 * while, or one another buy made a moment ago and is asking the gateway for (the gateway answers an order
 * id it knows with that same invoice).
 */
async function reusableInvoice(db: Knex, user: string, plan: number, now: Date): Promise<InvoiceRow | null> {
  const raw = await db('invoices')
    .where({ user, plan, status: 'pending' })
    .where((q) => q
      .where((payable) => payable.whereNotNull('payUrl').where('expiresAt', '>', new Date(now.getTime() + 10 * 60_000)))
      .orWhere((asking) => asking.whereNull('payUrl').whereNull('gatewayId').where('date_created', '>', new Date(now.getTime() - IN_FLIGHT_MS))))
    .orderBy('date_created', 'desc')
    .first();
  return raw ? invoiceRow(raw) : null;
}

/**
 * The invoice a buy hands out: the reusable one, or a new one once `beforeNew` allows it (the pace).
 * Buys of one person run one at a time here, on every instance: the person's row is locked first
 * (PostgreSQL; SQLite runs one transaction at a time), so buys at once make one invoice.
 */
export async function claimInvoice(db: Knex, o: NewInvoice, now: Date, beforeNew: () => Promise<void>): Promise<{ invoice: InvoiceRow; made: boolean }> {
  return db.transaction(async (trx) => {
    await locked(trx, trx('directus_users').where({ id: o.user }).first('id'));
    const open = await reusableInvoice(trx, o.user, o.plan, now);
    if (open) return { invoice: open, made: false };
    await beforeNew();
    return { invoice: await newInvoice(trx, o), made: true };
  });
}

/** The gateway's facts about the invoice that the screens show, whatever its status. */
function factsOf(info: GatewayInvoice, now: Date) {
  return {
    gatewayId: info.uuid,
    gatewayStatus: info.payment_status,
    payUrl: info.url,
    expiresAt: info.expired_at ? new Date(info.expired_at * 1000) : null,
    paidAmount: info.payment_amount,
    payerAmount: info.payer_amount,
    payerCurrency: info.payer_currency,
    ...(info.from ? { payerAddress: info.from } : {}),
    checkedAt: now,
    date_updated: now,
  };
}

export class ForeignInvoice extends Error {}

export interface Applied {
  status: InvoiceStatus;
  /** The plan was granted by this call. */
  granted: boolean;
  /** The grant was taken back by this call. */
  takenBack: boolean;
}

/**
 * Brings the invoice to the state the gateway confirmed, in one transaction: the facts, the
 * status, and with a payment the plan (or with a refund its taking back).
 */
export async function applyGatewayState(db: Knex, invoiceId: string, info: GatewayInvoice, by: string): Promise<Applied> {
  return db.transaction(async (trx) => {
    const raw = await locked(trx, trx('invoices').where({ id: invoiceId }).first());
    if (!raw) throw new ForeignInvoice(`no invoice ${invoiceId}`);
    const invoice = invoiceRow(raw);
    if (info.order_id !== invoice.orderId || (invoice.gatewayId && invoice.gatewayId !== info.uuid)) {
      throw new ForeignInvoice(`the gateway's invoice ${info.uuid} / ${info.order_id} is not ${invoice.id}`);
    }
    const sameSum = Number(info.amount) === Number(invoice.amount) && info.currency.toUpperCase() === invoice.currency.toUpperCase();
    const now = new Date();
    const history = toJson<HistoryEntry[]>(raw.history, []);
    if (invoice.gatewayStatus !== info.payment_status) history.push({ at: now.toISOString(), status: info.payment_status, by });
    const facts = { ...factsOf(info, now), history: JSON.stringify(history) };
    let next = nextStatus(invoice.status, info.payment_status);
    // An invoice whose sum the gateway does not confirm is never granted.
    if (next === 'paid' && !sameSum) next = 'failed';
    if (!next) {
      await trx('invoices').where({ id: invoice.id }).update(facts);
      return { status: invoice.status, granted: false, takenBack: false };
    }
    const claimed = await trx('invoices').where({ id: invoice.id, status: invoice.status })
      .update({ ...facts, status: next, ...(next === 'paid' ? { paidAt: now } : {}), ...(next === 'refunded' ? { refundedAt: now } : {}) });
    if (!claimed) return { status: invoice.status, granted: false, takenBack: false };

    if (next === 'paid') {
      const change = await changePlan(trx, invoice.user, (state) => afterPurchase(state, invoice.plan, now, invoice.days));
      await recordChange(trx, change, { kind: 'payment', invoice: invoice.id, plan: invoice.plan });
      const periodStart = change.paidUntilAfter ? new Date(change.paidUntilAfter.getTime() - invoice.days * DAY_MS) : now;
      await trx('invoices').where({ id: invoice.id }).update({ periodStart, periodEnd: change.paidUntilAfter });
      return { status: next, granted: true, takenBack: false };
    }
    if (invoice.status === 'paid' && next === 'refunded') {
      const change = await changePlan(trx, invoice.user, (state) => afterRefund(state, invoice.plan, now, invoice.days));
      await recordChange(trx, change, { kind: 'refund', invoice: invoice.id, plan: invoice.plan });
      return { status: next, granted: false, takenBack: true };
    }
    return { status: next, granted: false, takenBack: false };
  });
}

/** What is still due on an underpaid invoice, in the currency the person pays in. */
export function dueOf(invoice: Pick<InvoiceRow, 'amount' | 'currency' | 'paidAmount' | 'payerAmount' | 'payerCurrency'>): { amount: string; currency: string } | null {
  const paid = Number(invoice.paidAmount ?? 0);
  const [whole, currency] = invoice.payerAmount && invoice.payerCurrency
    ? [Number(invoice.payerAmount), invoice.payerCurrency]
    : [Number(invoice.amount), invoice.currency];
  const due = whole - paid;
  return Number.isFinite(due) && due > 0 ? { amount: money(due), currency } : null;
}

/** The invoice as its person sees it on the return page and in the history. */
export function invoiceView(invoice: InvoiceRow & { periodEnd?: unknown; paidAt?: unknown }) {
  return {
    id: invoice.id,
    plan: invoice.plan,
    status: invoice.status,
    amount: invoice.amount,
    currency: invoice.currency,
    paidAmount: invoice.paidAmount,
    due: invoice.status === 'underpaid' ? dueOf(invoice) : null,
    payUrl: isOpen(invoice.status) ? invoice.payUrl : null,
    expiresAt: invoice.expiresAt?.toISOString() ?? null,
    paidAt: toDate(invoice.paidAt)?.toISOString() ?? null,
    periodEnd: toDate(invoice.periodEnd)?.toISOString() ?? null,
    created: invoice.date_created?.toISOString() ?? null,
  };
}
