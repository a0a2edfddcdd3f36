/**
 * A benchmark's websocket to Directus, signed in with a static token, answering the server's pings.
 * Once signed in, `signedIn` sends what the socket is for; every other frame goes to `heard` with the
 * time it arrived, which says `ready()` once the socket is in place or `refused()` when the server
 * would not have it. Fails when the sign-in is refused or nothing is in place within 30 s.
 */
import WebSocket from 'ws';

export type BenchFrame = Record<string, unknown> & { type?: string; event?: string; uid?: string };

export interface BenchSocketHandlers {
  /** What is awaited, for the error: "the subscription", "the join". */
  what: string;
  signedIn(ws: WebSocket): void;
  heard(frame: BenchFrame, at: number, answer: { ready(): void; refused(why: string): void }): void;
  closed(): void;
}

const IN_PLACE_WITHIN_MS = 30_000;

export function openBenchSocket(base: string, token: string, h: BenchSocketHandlers): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/websocket`);
    const timer = setTimeout(() => reject(new Error(`${h.what} was not in place within ${IN_PLACE_WITHIN_MS / 1000} s`)), IN_PLACE_WITHIN_MS);
    const answer = {
      ready: () => { clearTimeout(timer); resolve(ws); },
      refused: (why: string) => { clearTimeout(timer); reject(new Error(`${h.what} refused: ${why}`)); },
    };
    ws.on('error', (err) => { clearTimeout(timer); reject(err); });
    ws.on('close', () => h.closed());
    ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', access_token: token })));
    ws.on('message', (raw) => {
      const at = performance.now();
      const frame = JSON.parse(String(raw)) as BenchFrame;
      if (frame.type === 'ping') return ws.send(JSON.stringify({ type: 'pong' }));
      if (frame.type !== 'auth') return h.heard(frame, at, answer);
      if (frame.status !== 'ok') return answer.refused(`sign-in: ${JSON.stringify(frame)}`);
      h.signedIn(ws);
    });
  });
}
