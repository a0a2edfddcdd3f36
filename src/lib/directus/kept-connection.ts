/**
 * The kept socket's state as a person is told of it: 'connecting' only until the first opening;
 * once a connection fails or drops it stays 'lost' through the retries until the socket is open
 * again, so a notice of it does not flicker with each attempt.
 */
export type Connection = 'connecting' | 'open' | 'lost';

export function connectionAfter(previous: Connection, socket: 'closed' | 'connecting' | 'open'): Connection {
  if (socket === 'open') return 'open';
  if (socket === 'closed') return 'lost';
  return previous === 'lost' ? 'lost' : 'connecting';
}
