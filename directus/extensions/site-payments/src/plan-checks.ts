/**
 * The scheduled check (every minute by default; one instance runs each tick, Directus's clock
 * is shared through Redis): plans whose period is over end (role back to User, recorded), people
 * get reminders 7, 3 and 1 days before the end and at the end (a notice on the site and a letter,
 * each once: a unique key per person, period and reminder), and open invoices nobody asked
 * about lately are brought up to date from the gateway, so a lost webhook never loses a payment.
 */
import type { Knex } from 'knex';
import { PREMIUM_ROLES } from '../../../../shared/rules.ts';
import { planNoticeText, reminderDue, type PlanNoticeKind } from '../../../../shared/subscription.ts';
import type { PaymentConfig } from './config.ts';
import { toDate } from './db.ts';
import { paymentInfo } from './heleket-client.ts';
import { applyGatewayState, invoiceRow } from './invoices.ts';
import { changePlan, recordChange } from './plan-change.ts';
import { afterFailedCheck, invoiceLife, noticeKey, recheckCutoffs, remindersUntil } from './plan-rules.ts';

export type SendMail = (to: string, subject: string, data: Record<string, string>) => Promise<void>;

export interface CheckContext {
  database: Knex;
  config: PaymentConfig;
  sendMail: SendMail;
  log: (err: unknown) => void;
}

const BATCH = 200;

interface Person { id: string; email: string | null; plan: number | null; paidUntil: Date }

async function planNames(db: Knex): Promise<Map<number, string>> {
  const rows: { id: number; name: string }[] = await db('plans').select('id', 'name');
  return new Map(rows.map((r) => [Number(r.id), r.name]));
}

/** Records the notice once (per period and reminder: 7, 3 or 1 days); true when it is new (then the letter goes). */
async function notice(db: Knex, person: Person, kind: PlanNoticeKind, reminder: number | null): Promise<boolean> {
  const key = noticeKey(person.id, person.paidUntil, kind, reminder);
  const inserted = await db('planNotices')
    .insert({ user: person.id, kind, daysLeft: reminder, plan: person.plan, paidUntil: person.paidUntil, noticeKey: key, read: false, date_created: new Date() })
    .onConflict('noticeKey').ignore().returning('id');
  return inserted.length > 0;
}

/** Records the notice and mails it once; the letter counts the days left as the site does, at `now`. */
async function tell(ctx: CheckContext, names: Map<number, string>, person: Person, kind: PlanNoticeKind, reminder: number | null, now: Date): Promise<void> {
  if (!(await notice(ctx.database, person, kind, reminder)) || !person.email) return;
  const { heading, text } = planNoticeText({ kind, planName: names.get(person.plan ?? 0) ?? 'Премиум', paidUntil: person.paidUntil }, now, 'Europe/Moscow');
  await ctx.sendMail(person.email, heading, { heading, text, url: `${ctx.config.siteUrl}/profile/tariff` }).catch(ctx.log);
}

const person = (row: Record<string, unknown>): Person => ({
  id: String(row.id), email: (row.email as string | null) ?? null, plan: row.plan === null ? null : Number(row.plan), paidUntil: toDate(row.paidUntil)!,
});

/** Ends every plan whose period is over; each in its own transaction, checked again under its lock. */
export async function endPlans(ctx: CheckContext, now = new Date()): Promise<number> {
  const { database: db } = ctx;
  const names = await planNames(db);
  const due = (await db('directus_users').whereIn('role', [...PREMIUM_ROLES]).where('paidUntil', '<=', now)
    .select('id', 'email', 'plan', 'paidUntil').limit(BATCH)).map(person);
  let ended = 0;
  for (const p of due) {
    const done = await db.transaction(async (trx) => {
      const still = await trx('directus_users').where({ id: p.id }).whereIn('role', [...PREMIUM_ROLES]).where('paidUntil', '<=', now).first('id');
      if (!still) return false;
      const change = await changePlan(trx, p.id, (state) => ({ plan: null, paidUntil: state.paidUntil }));
      await recordChange(trx, change, { kind: 'expiry', plan: p.plan });
      return true;
    });
    if (!done) continue;
    ended++;
    await tell(ctx, names, p, 'ended', null, now);
  }
  return ended;
}

/** Reminders of plans ending within 7 days: the nearest of 7, 3 and 1 days reached, once each. */
export async function remind(ctx: CheckContext, now = new Date()): Promise<void> {
  const { database: db } = ctx;
  const names = await planNames(db);
  const soon = (await db('directus_users').whereIn('role', [...PREMIUM_ROLES])
    .where('paidUntil', '>', now).where('paidUntil', '<=', remindersUntil(now))
    .select('id', 'email', 'plan', 'paidUntil').limit(BATCH * 5)).map(person);
  for (const p of soon) {
    const days = reminderDue(p.paidUntil, now);
    if (days !== null) await tell(ctx, names, p, 'ending', days, now);
  }
}

/** Asks the gateway about open invoices nobody asked about for a while; past their life with no trace there, they expire. */
export async function reconcile(ctx: CheckContext, now = new Date()): Promise<void> {
  const { database: db, config } = ctx;
  if (!config.gateway) return;
  const { createdBefore, checkedBefore } = recheckCutoffs(now);
  const open = (await db('invoices').whereIn('status', ['pending', 'underpaid'])
    .where('date_created', '<=', createdBefore)
    .where((q) => q.whereNull('checkedAt').orWhere('checkedAt', '<=', checkedBefore))
    .orderBy('date_created').limit(20)).map(invoiceRow);
  for (const invoice of open) {
    try {
      const info = await paymentInfo(config.gateway, invoice.gatewayId ? { uuid: invoice.gatewayId } : { order_id: invoice.orderId });
      await applyGatewayState(db, invoice.id, info, 'check');
    } catch (err) {
      if (afterFailedCheck(err, invoiceLife(invoice, config.lifetime), now) === 'expire') {
        await db('invoices').where({ id: invoice.id, status: invoice.status }).update({ status: 'expired', checkedAt: now, date_updated: now });
      } else {
        await db('invoices').where({ id: invoice.id }).update({ checkedAt: now });
        ctx.log(err);
      }
    }
  }
}

export async function runPlanChecks(ctx: CheckContext): Promise<void> {
  await endPlans(ctx);
  await remind(ctx);
  await reconcile(ctx);
}

