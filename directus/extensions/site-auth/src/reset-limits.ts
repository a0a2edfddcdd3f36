/**
 * Password reset letters. Directus mails a reset link to any address asked for, as often as asked:
 * anyone could fill a stranger's mailbox with our letters, and the mail server's good name with
 * them. Requests are paced per address that asks (a 429 that says how long to wait), and the
 * letters per mailbox: past its allowance a letter is not sent, and the request is answered as
 * ever, so the answer never tells whether the mailbox has an account.
 */
import { isDirectusError } from '@directus/errors';
import type { Request } from 'express';
import type { Pace } from '../../shared/pace.ts';
import { addressKey } from '../../../../shared/address-key.ts';

type Caller = Request & { accountability?: { ip?: string | null } | null };
type Next = (err?: unknown) => void;

/** For POST /auth/password/request: takes one request from the caller's address. */
export function paceResetRequests(requests: Pace) {
  return (req: Caller, _res: unknown, next: Next) => {
    requests.take(addressKey(req.accountability?.ip)).then(() => next(), next);
  };
}

interface Mail { to?: unknown; template?: { name?: string } }

/** For Directus's `email.send` filter: the mail as it was, or null (not sent) for a reset letter past its mailbox's allowance. */
export function paceResetLetters(letters: Pace) {
  return async <M extends Mail>(mail: M): Promise<M | null> => {
    if (mail.template?.name !== 'password-reset' || typeof mail.to !== 'string') return mail;
    try {
      await letters.take(mail.to.trim().toLowerCase());
      return mail;
    } catch (err) {
      if (isDirectusError(err, 'TOO_FAST')) return null;
      throw err;
    }
  };
}
