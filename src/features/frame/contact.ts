/**
 * Sending the contact form: one support request, through the visitors' runtime client, which loads
 * when a message is sent rather than with every page. A refusal (400: something missing) is told in
 * the backend's words, at the field it concerns when it names one; no usable answer at all blames the connection.
 */
import type { SupportRequestInput } from '../../lib/directus/runtime.ts';
import { DirectusRequestError } from '../../lib/directus/request-error.ts';
import { SUPPORT_REFUSALS } from '../../../shared/support-refusals.ts';
import { task } from '../../ui/task.ts';

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const refusal = (reason: string) => `Не удалось отправить: ${lowerFirst(reason)}.`;

/** What a failed sending says. */
function contactFailure(err: unknown): string {
  if (err instanceof DirectusRequestError && err.status === 400) return refusal(err.reason ?? 'заполните имя, email и сообщение');
  return 'Не удалось отправить сообщение. Проверьте подключение к интернету и попробуйте ещё раз.';
}

export type ContactField = keyof typeof SUPPORT_REFUSALS;

/** The field a failure speaks of, with the backend's words for it; null for a failure of the whole form. */
export function refusedField(failure: string | null): { field: ContactField; reason: string } | null {
  for (const [field, reasons] of Object.entries(SUPPORT_REFUSALS) as [ContactField, Record<string, string>][]) {
    const reason = Object.values(reasons).find((r) => failure === refusal(r));
    if (reason) return { field, reason };
  }
  return null;
}

export const contactSending = task(async (request: SupportRequestInput) => {
  const { runtime } = await import('../../lib/directus/runtime.ts');
  await runtime().sendSupportRequest(request);
}, contactFailure);
