/**
 * Paid plans on the site: the plans of the tariff screen, buying one (the browser goes to the
 * gateway's page), and the state of an invoice the person came back with, asked of the backend
 * (which asks the gateway) until it is final. Once an invoice is paid the session is renewed, so
 * the new role is in the token at once, and the profile is read again.
 */
import { atom } from 'nanostores';
import { PAYMENT_MESSAGES, type PaymentGateway } from '../../../shared/plans.ts';
import { buyPlan, readInvoiceState, readPlans, type InvoiceState, type PlanRow } from '../../lib/directus/payments.ts';
import { DirectusRequestError } from '../../lib/directus/request-error.ts';
import { refreshSession } from '../../lib/directus/session-refresh.ts';
import { $session, loadMe } from '../account/index.ts';

export type Loaded<T> = { status: 'loading' } | { status: 'error' } | { status: 'ready'; value: T };

export const $plans = atom<Loaded<PlanRow[]>>({ status: 'loading' });

export async function loadPlans(): Promise<void> {
  $plans.set({ status: 'loading' });
  try {
    $plans.set({ status: 'ready', value: await readPlans() });
  } catch (err) {
    console.error(err);
    $plans.set({ status: 'error' });
  }
}

export type Purchase = { status: 'idle' } | { status: 'busy' } | { status: 'error'; message: string };
export const $purchase = atom<Purchase>({ status: 'idle' });

/** Makes the invoice and sends the browser to the gateway's page; a failure is the payment alert. */
export async function buy(userId: string, planId: number, gateway: PaymentGateway): Promise<void> {
  if ($purchase.get().status === 'busy') return;
  $purchase.set({ status: 'busy' });
  try {
    const url = await buyPlan(userId, planId, gateway);
    location.assign(url);
  } catch (err) {
    console.error(err);
    // A pace limit says how long to wait; anything else is the payment alert.
    const limited = err instanceof DirectusRequestError && err.status === 429 && err.reason;
    $purchase.set({ status: 'error', message: limited ? String(err.reason) : PAYMENT_MESSAGES.alert });
  }
}

export type InvoiceWatch = { status: 'loading' } | { status: 'missing' } | { status: 'error' } | { status: 'ready'; invoice: InvoiceState };
export const $invoice = atom<InvoiceWatch>({ status: 'loading' });

const OPEN = new Set(['pending', 'underpaid']);
/** How often the open invoice is asked about: every 3 s, slower after the first minutes. */
const pollDelay = (since: number) => (Date.now() - since < 5 * 60_000 ? 3_000 : 15_000);

let watching: { id: string; timer: ReturnType<typeof setTimeout> | null } | null = null;

async function renewAccount(): Promise<void> {
  const session = $session.get();
  if (session) await refreshSession(session, { force: true }).catch((err: unknown) => console.error(err));
  await loadMe({ force: true });
}

/** Follows the invoice until the gateway's answer is final. */
export function watchInvoice(id: string): void {
  if (watching?.id === id) return;
  stopWatchingInvoice();
  const started = Date.now();
  const current = { id, timer: null as ReturnType<typeof setTimeout> | null };
  watching = current;
  $invoice.set({ status: 'loading' });
  const ask = async () => {
    current.timer = null;
    try {
      const invoice = await readInvoiceState(id);
      if (watching !== current) return;
      const before = $invoice.get();
      $invoice.set({ status: 'ready', invoice });
      const was = before.status === 'ready' ? before.invoice.status : null;
      if (invoice.status !== was && (invoice.status === 'paid' || invoice.status === 'refunded')) await renewAccount();
      if (OPEN.has(invoice.status)) current.timer = setTimeout(() => void ask(), pollDelay(started));
    } catch (err) {
      console.error(err);
      if (watching !== current) return;
      if (err instanceof DirectusRequestError && err.status === 404) {
        $invoice.set({ status: 'missing' });
        return;
      }
      // Shown only when nothing was shown yet; a later failure keeps asking.
      if ($invoice.get().status === 'loading') $invoice.set({ status: 'error' });
      else current.timer = setTimeout(() => void ask(), pollDelay(started));
    }
  };
  void ask();
}

export function stopWatchingInvoice(): void {
  if (watching?.timer) clearTimeout(watching.timer);
  watching = null;
}

/** Asks again after a failed first look. */
export function retryInvoice(): void {
  const id = watching?.id;
  if (!id) return;
  stopWatchingInvoice();
  watchInvoice(id);
}
