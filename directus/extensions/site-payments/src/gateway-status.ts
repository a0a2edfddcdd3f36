/**
 * The gateway's payment statuses as this site's invoice statuses: paid and paid_over grant; check,
 * confirm_check, process and refunds in progress wait (or keep what was granted); an underpaid
 * invoice waits for a top-up; the rest end without a grant; refund_paid takes the grant back.
 */
import type { InvoiceStatus } from '../../../../shared/rules.ts';

const STATUS: Record<string, InvoiceStatus> = {
  check: 'pending',
  confirm_check: 'pending',
  process: 'pending',
  wrong_amount_waiting: 'underpaid',
  paid: 'paid',
  paid_over: 'paid',
  wrong_amount: 'failed',
  fail: 'failed',
  system_fail: 'failed',
  locked: 'failed',
  cancel: 'expired',
  refund_paid: 'refunded',
};

/** Refunds still on their way (or refused) leave a paid invoice as it is. */
const KEEPS_PAID = new Set(['refund_process', 'refund_fail']);

/** Our status for the gateway's, given where the invoice stands; null when nothing changes. */
export function nextStatus(current: InvoiceStatus, gateway: string): InvoiceStatus | null {
  if (KEEPS_PAID.has(gateway)) return null;
  const next = STATUS[gateway];
  if (!next || next === current) return null;
  // A grant is taken back by a refund only; a refund is the end.
  if (current === 'refunded') return null;
  if (current === 'paid' && next !== 'refunded') return null;
  return next;
}

export const isOpen = (status: InvoiceStatus) => status === 'pending' || status === 'underpaid';
