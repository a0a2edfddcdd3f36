/**
 * Fields filled before their island hydrated (the browser's autofill, or someone typing while the
 * script still loads): React leaves what is on screen, but its state starts as the server rendered
 * it, so the form would send nothing of it. Once mounted, each such field is handed to `take`,
 * which puts it where the field's own change would have.
 */
import { useEffect, useRef, type RefObject } from 'react';

/** A text field's value, a checkbox's state, or the value of the radio button chosen. */
export type FilledValue = string | boolean;

/** The fields under `root` (or `root` itself) whose value differs from what the server rendered. */
export function filledFields(root: Element): [name: string, value: FilledValue][] {
  const fields = root.matches('input, textarea') ? [root] : [...root.querySelectorAll('input, textarea')];
  const filled: [string, FilledValue][] = [];
  for (const field of fields) {
    if (field instanceof HTMLInputElement && field.type === 'checkbox') {
      if (field.checked !== field.defaultChecked) filled.push([field.name, field.checked]);
    } else if (field instanceof HTMLInputElement && field.type === 'radio') {
      if (field.checked && !field.defaultChecked) filled.push([field.name, field.value]);
    } else if ((field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) && field.value !== field.defaultValue) {
      filled.push([field.name, field.value]);
    }
  }
  return filled;
}

/** A ref for the form (or the single field); `take` runs once, on mount, so it must only set state. */
export function useFilledBeforeHydration<T extends Element>(take: (name: string, value: FilledValue) => void): RefObject<T | null> {
  const root = useRef<T>(null);
  useEffect(() => {
    if (root.current) for (const [name, value] of filledFields(root.current)) take(name, value);
  }, []);
  return root;
}
