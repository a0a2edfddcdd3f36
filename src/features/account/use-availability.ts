/**
 * The live uniqueness check of a login or an email, for registration and the
 * profile's edit form alike: asked once the value has 3 characters, a moment after typing stops,
 * never for the person's own current value (`own`). A check that failed blocks the form like a
 * taken value until a check says the value is free. Only the newest value's answer counts.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { UNIQUENESS_MIN_LENGTH } from '../../../shared/rules.ts';
import { isAvailable } from '../../lib/directus/account.ts';

export type Availability = 'idle' | 'checking' | 'free' | 'taken' | 'failed';

/** Quiet time after the last keystroke before asking, so typing a word asks once. */
const TYPING_PAUSE_MS = 300;

export interface AvailabilityCheck {
  state: Availability;
  /** The state for the current value once any check under way has answered (asked again after a failure). */
  settle(): Promise<Availability>;
  /** The backend refused the value as taken (another registration got there first). */
  markTaken(): void;
}

export function useAvailability(field: 'login' | 'email', value: string, own: string | null = null): AvailabilityCheck {
  const typed = value.trim();
  // One's own login or email is not asked about: it is theirs.
  const wanted = typed.toLowerCase() === (own ?? '').toLowerCase() ? '' : typed;
  const [state, setState] = useState<Availability>('idle');
  const asked = useRef<{ value: string; answer: Promise<Availability> } | null>(null);

  const ask = useCallback((v: string): Promise<Availability> => {
    const answer: Promise<Availability> = isAvailable(field, v).then((free) => (free ? 'free' : 'taken'), (err: unknown) => {
      console.error(err);
      return 'failed' as const;
    });
    const current = { value: v, answer };
    asked.current = current;
    setState('checking');
    void answer.then((result) => { if (asked.current === current) setState(result); });
    return answer;
  }, [field]);

  useEffect(() => {
    asked.current = null;
    if (wanted.length < UNIQUENESS_MIN_LENGTH) {
      setState('idle');
      return;
    }
    setState('checking');
    const timer = setTimeout(() => void ask(wanted), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [wanted, ask]);

  const settle = useCallback(async (): Promise<Availability> => {
    if (wanted.length < UNIQUENESS_MIN_LENGTH) return 'idle';
    const current = asked.current?.value === wanted ? asked.current.answer : null;
    const result = current ? await current : await ask(wanted);
    return result === 'failed' ? ask(wanted) : result;
  }, [wanted, ask]);

  const markTaken = useCallback(() => {
    asked.current = { value: wanted, answer: Promise.resolve('taken') };
    setState('taken');
  }, [wanted]);

  return { state, settle, markTaken };
}
