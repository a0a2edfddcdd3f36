/**
 * A form's message speaks of some of its fields, and stays only while what it said still holds:
 * «Заполните все поля» until those fields are filled, a refusal until the values it refused are
 * changed. The next submission asks again.
 */
export interface FormProblem<T> {
  message: string;
  /** Whether the message still holds for the form's current values. */
  holds: (values: T) => boolean;
}

/** A problem found with `values`; unless told otherwise it holds while every one of them is as it was. */
export function problemAt<T extends object>(message: string, values: T, holds?: (now: T) => boolean): FormProblem<T> {
  const then = values as Record<string, unknown>;
  return { message, holds: holds ?? ((now) => Object.keys(then).every((k) => Object.is((now as Record<string, unknown>)[k], then[k]))) };
}

/** The message to show now, or null. */
export function shownProblem<T>(problem: FormProblem<T> | null, values: T): string | null {
  return problem && problem.holds(values) ? problem.message : null;
}
