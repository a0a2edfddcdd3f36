/** How the account's calls fail, in the forms' words: the backend's own refusal, else the connection. */
import { DirectusRequestError } from '../../lib/directus/request-error.ts';

/** No answer, or an answer the form cannot explain: the connection is the likely cause. */
export const connectionTrouble = (what: string) => `${what}. Проверьте подключение к интернету и попробуйте ещё раз.`;

/** The backend's own Russian explanation of a refusal (a 400 or a 429), when it gave one. */
export function backendReason(err: unknown): string | null {
  return err instanceof DirectusRequestError && err.status !== null && err.status >= 400 && err.status < 500 ? err.reason : null;
}

export const statusOf = (err: unknown): number | null => (err instanceof DirectusRequestError ? err.status : null);
