/**
 * Paid plans for the signed-in person: the plans, buying one (`POST /payment/buy`, answered with
 * the gateway's page), an invoice's state as the backend confirms it with the gateway, the
 * invoice history, and the reminders that the plan ends. Loaded by the tariff and profile screens only.
 */
import { aggregate, customEndpoint, readItems, updateItems, type QueryFilter, type ReadItemOutput } from '@directus/sdk';
import type { InvoiceStatus } from '../../../shared/rules.ts';
import type { PaymentGateway } from '../../../shared/plans.ts';
import { pageClient } from './client.ts';
import { INVOICE_FIELDS, PLAN_FIELDS, PLAN_NOTICE_FIELDS } from './signed-in-fields.ts';
import { everyPage } from './every-page.ts';
import { send, type Page } from './queries.ts';
import type { PlanNotice, Schema } from './schema.ts';

export type PlanRow = ReadItemOutput<Schema, 'plans', { fields: typeof PLAN_FIELDS }>;
export type InvoiceRow = ReadItemOutput<Schema, 'invoices', { fields: typeof INVOICE_FIELDS }>;
export type PlanNoticeRow = ReadItemOutput<Schema, 'planNotices', { fields: typeof PLAN_NOTICE_FIELDS }>;

/** An invoice as the return page shows it (`GET /payment/invoices/:id`). */
export interface InvoiceState {
  id: string;
  plan: number;
  status: InvoiceStatus;
  amount: string;
  currency: string;
  paidAmount: string | null;
  /** What is still due on an underpaid invoice, in the currency the person pays in. */
  due: { amount: string; currency: string } | null;
  /** The gateway's page, while the invoice can still be paid. */
  payUrl: string | null;
  expiresAt: string | null;
  paidAt: string | null;
  /** The day the plan is paid until, once this invoice granted it. */
  periodEnd: string | null;
  created: string | null;
}

export function readPlans(): Promise<PlanRow[]> {
  return everyPage((at) => send(pageClient(), readItems('plans', { fields: PLAN_FIELDS, sort: ['id'], ...at }), 'plans')) as Promise<PlanRow[]>;
}

/** Makes an invoice for the signed-in person and answers the gateway's page to go to. */
export async function buyPlan(userId: string, planId: number, gateway: PaymentGateway): Promise<string> {
  const answer = await send(pageClient(), customEndpoint<{ url: string }>({
    path: '/payment/buy', method: 'POST', body: JSON.stringify({ userId, gateway, planId }),
  }), 'payment');
  return answer.url;
}

export function readInvoiceState(id: string): Promise<InvoiceState> {
  return send(pageClient(), customEndpoint<InvoiceState>({ path: `/payment/invoices/${encodeURIComponent(id)}`, method: 'GET' }), 'invoice');
}

// Filters name the person: editors may read everyone's invoices and nobody else's reminders matter here.
const MY_INVOICES = { user: { _eq: '$CURRENT_USER' } } as const;
const MY_NOTICES: QueryFilter<Schema, PlanNotice> = { user: { _eq: '$CURRENT_USER' } };
const UNREAD_NOTICES: QueryFilter<Schema, PlanNotice> = { _and: [MY_NOTICES, { read: { _eq: false } }] };

/** Page `page` (from 1) of the person's invoices, newest first, with their total. */
export async function readInvoices(page: number, pageSize: number): Promise<Page<InvoiceRow>> {
  const client = pageClient();
  const [items, counted] = await Promise.all([
    send(client, readItems('invoices', { fields: INVOICE_FIELDS, filter: MY_INVOICES, sort: ['-date_created', '-id'], limit: pageSize, page }), 'invoices') as Promise<InvoiceRow[]>,
    send(client, aggregate('invoices', { aggregate: { count: '*' }, query: { filter: MY_INVOICES } }), 'invoice count'),
  ]);
  return { items, total: Number(counted[0]?.count ?? 0) };
}

export async function countUnreadPlanNotices(): Promise<number> {
  const rows = await send(pageClient(), aggregate('planNotices', { aggregate: { count: '*' }, query: { filter: UNREAD_NOTICES } }), 'unread plan notices');
  return Number(rows[0]?.count ?? 0);
}

/** The unread reminders, newest first. */
export function readUnreadPlanNotices(): Promise<PlanNoticeRow[]> {
  return send(pageClient(), readItems('planNotices', { fields: PLAN_NOTICE_FIELDS, filter: UNREAD_NOTICES, sort: ['-date_created', '-id'], limit: 10 }), 'plan notices') as Promise<PlanNoticeRow[]>;
}

export async function markPlanNoticesRead(ids: number[]): Promise<void> {
  if (ids.length) await send(pageClient(), updateItems('planNotices', ids, { read: true }, { fields: ['id'] }), 'plan notices read');
}
