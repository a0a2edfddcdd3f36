/**
 * Sending the contact form: one support request, through the visitors' runtime client, which loads
 * when a message is sent rather than with every page. A refusal (400: something missing) is told in
 * the backend's words; no usable answer at all blames the connection.
 */
import type { SupportRequestInput } from '../../lib/directus/runtime.ts';
import { DirectusRequestError } from '../../lib/directus/request-error.ts';
import { task } from '../../ui/task.ts';

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** What a failed sending says. */
function contactFailure(err: unknown): string {
  if (err instanceof DirectusRequestError && err.status === 400) {
    return `Не удалось отправить: ${lowerFirst(err.reason ?? 'заполните имя, email и сообщение')}.`;
  }
  return 'Не удалось отправить сообщение. Проверьте подключение к интернету и попробуйте ещё раз.';
}

export const contactSending = task(async (request: SupportRequestInput) => {
  const { runtime } = await import('../../lib/directus/runtime.ts');
  await runtime().sendSupportRequest(request);
}, contactFailure);
