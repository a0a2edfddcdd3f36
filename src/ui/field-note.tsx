/**
 * A field's message tied to its input for screen readers, and the input marked invalid while it is an error
 * (the account forms, the contact form).
 */
import './field-note.css';

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
