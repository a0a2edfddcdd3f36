/** A form's message tied to the fields it speaks of (src/lib/form-problem.ts): it goes once they change. */
import { useState } from 'react';
import { problemAt, shownProblem, type FormProblem } from './form-problem.ts';

export function useFormProblem<T extends object>(values: T): [string | null, (message: string | null, holds?: (now: T) => boolean) => void] {
  const [problem, setProblem] = useState<FormProblem<T> | null>(null);
  const say = (message: string | null, holds?: (now: T) => boolean) => setProblem(message === null ? null : problemAt(message, values, holds));
  return [shownProblem(problem, values), say];
}
