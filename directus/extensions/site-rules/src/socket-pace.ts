/**
 * Directus paces each socket's messages on its own (as many a second as an address's HTTP calls), and
 * an address may hold up to 64 sockets (socket-budget.ts): 64 times what its calls may be. So an
 * address's messages over all its sockets are paced as its HTTP calls are (RATE_LIMITER_POINTS each
 * RATE_LIMITER_DURATION, in the same store); the socket that sends one past that is closed (1008), and
 * the site's sockets connect again a moment later, as after any closing.
 */
import { createRateLimiter } from '../../shared/directus-internals.ts';
import { limiterPrefix } from '../../shared/env.ts';
import { secondsToWait } from '../../shared/pace-rules.ts';

export const TOO_MANY_MESSAGES = 'Слишком много сообщений с этого адреса';
/** The close code for a socket over its address's pace: the policy was broken. */
export const TOO_MANY_MESSAGES_CODE = 1008;

interface RawSocket {
  prependListener(event: 'message', listener: () => void): unknown;
  close(code: number, reason: string): void;
}

/** What starts pacing a socket of `address`, or nothing when Directus's rate limiter is off. */
export function socketMessagePace(env: Record<string, unknown>): ((socket: RawSocket, address: string) => void) | null {
  if (String(env['RATE_LIMITER_ENABLED']) !== 'true') return null;
  // RATE_LIMITER_SOCKET_POINTS sets the sockets' allowance apart (the tests' many calls from one address).
  const points = Number(env['RATE_LIMITER_SOCKET_POINTS']);
  const limiter = createRateLimiter('RATE_LIMITER', { keyPrefix: `${limiterPrefix(env)}-socket-address`, ...(points > 0 ? { points } : {}) });
  return (socket, address) => {
    socket.prependListener('message', () => {
      limiter.consume(address).catch((refusal: unknown) => {
        if (secondsToWait(refusal) !== null) socket.close(TOO_MANY_MESSAGES_CODE, TOO_MANY_MESSAGES);
      });
    });
  };
}
