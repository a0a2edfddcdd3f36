/**
 * Small pieces the account forms share: a field's message tied to its input for screen readers,
 * and the wording of failures that are not the person's input.
 */
import { DirectusRequestError } from '../../lib/directus/queries.ts';

export type MessageTone = 'error' | 'ok' | 'hint';

export interface FieldNote {
  text: string;
  tone: MessageTone;
}

/** The id of a field's message. */
export const noteId = (fieldId: string) => `${fieldId}-note`;

/** What an input needs to be read with its message and flagged when it is wrong. */
export function describedBy(fieldId: string, note: FieldNote | null) {
  return {
    'aria-describedby': note ? noteId(fieldId) : undefined,
    'aria-invalid': note?.tone === 'error' ? true : undefined,
  };
}

export function FieldMessage({ fieldId, note }: { fieldId: string; note: FieldNote | null }) {
  if (!note) return null;
  return <p id={noteId(fieldId)} className={`field__message field__message--${note.tone}`}>{note.text}</p>;
}

export const error = (text: string): FieldNote => ({ text, tone: 'error' });

/** No answer, or an answer the form cannot explain: the connection is the likely cause. */
export const connectionTrouble = (what: string) => `${what}. Проверьте подключение к интернету и попробуйте ещё раз.`;

/** The backend's own Russian explanation of a refusal (a 400 or a 429), when it gave one. */
export function backendReason(err: unknown): string | null {
  return err instanceof DirectusRequestError && err.status !== null && err.status >= 400 && err.status < 500 ? err.reason : null;
}

export const statusOf = (err: unknown): number | null => (err instanceof DirectusRequestError ? err.status : null);
