/**
 * Whether a login or email is free, asked while the person types: from 3
 * characters, never for the person's own current value, and a failed check counts as taken.
 * Only the newest value's answer counts.
 */
import { useEffect, useState } from 'react';
import { UNIQUENESS_MIN_LENGTH } from '../../../shared/rules.ts';
import { isAvailable } from '../../lib/directus/account.ts';

export type Availability = 'idle' | 'checking' | 'free' | 'taken';

/** Typing pauses this long before a check is sent. */
const SETTLE_MS = 300;

export function useAvailability(field: 'login' | 'email', value: string, own: string | null): Availability {
  const [state, setState] = useState<Availability>('idle');
  const wanted = value.trim();
  const skip = wanted.length < UNIQUENESS_MIN_LENGTH || wanted.toLowerCase() === (own ?? '').toLowerCase();

  useEffect(() => {
    if (skip) {
      setState('idle');
      return;
    }
    let live = true;
    setState('checking');
    const timer = setTimeout(() => {
      isAvailable(field, wanted)
        .then((free) => { if (live) setState(free ? 'free' : 'taken'); })
        .catch((err: unknown) => { console.error(err); if (live) setState('taken'); });
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [field, wanted, skip]);

  return state;
}
