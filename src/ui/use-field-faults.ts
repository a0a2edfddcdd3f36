/**
 * The fields a refused submission named (blank ones, or one the backend refused): each carries its note,
 * marked invalid, until the form says it is put right, and the first takes the keyboard once the marks are
 * drawn, so a screen reader reads it with its note rather than the form leaving the keyboard where it was.
 */
import { useEffect, useRef, useState } from 'react';
import { error, type FieldNote } from './field-note.tsx';

/** What a blank field that must be filled says. */
export const REQUIRED = error('Обязательное поле');

export interface FieldFaults<K extends string> {
  /** The note a field carries, or null. */
  note(key: K): FieldNote | null;
  /** Marks these fields, and only these, and hands the keyboard to the first. */
  mark(keys: readonly K[], note?: FieldNote): void;
  /** The field is put right: its mark goes. */
  clear(key: K): void;
}

/** `idOf`: the id of a field's input, which takes the keyboard. */
export function useFieldFaults<K extends string>(idOf: (key: K) => string): FieldFaults<K> {
  const [faults, setFaults] = useState<ReadonlyMap<K, FieldNote>>(new Map());
  const toFocus = useRef<K | null>(null);
  useEffect(() => {
    if (toFocus.current === null) return;
    document.getElementById(idOf(toFocus.current))?.focus();
    toFocus.current = null;
  });
  return {
    note: (key) => faults.get(key) ?? null,
    mark(keys, note = REQUIRED) {
      toFocus.current = keys[0] ?? null;
      setFaults(new Map(keys.map((key) => [key, note])));
    },
    clear: (key) => setFaults((f) => {
      if (!f.has(key)) return f;
      const rest = new Map(f);
      rest.delete(key);
      return rest;
    }),
  };
}
