/** A realtime connection to Directus with handshake auth, as the chat uses it, for tests to watch its frames. */
import WebSocket from 'ws';

const WAIT_MS = 10_000;
const open = new Set<Realtime>();

/** Closes every connection the tests opened. */
export async function closeAllRealtime(): Promise<void> {
  await Promise.allSettled([...open].map((rt) => rt.close()));
  open.clear();
}

export type Frame = Record<string, any>;

/** A realtime connection with handshake auth; keeps every frame so tests can wait for one. */
export class Realtime {
  ws: WebSocket;
  frames: Frame[] = [];
  private waiters = new Set<() => void>();
  label: string;

  constructor(base: string, label: string) {
    this.label = label;
    this.ws = new WebSocket(`${base.replace(/^http/, 'ws')}/websocket`);
    this.ws.on('message', (raw) => {
      let frame: Frame;
      try {
        frame = JSON.parse(String(raw));
      } catch {
        return;
      }
      if (frame.type === 'ping') this.send({ type: 'pong' });
      this.frames.push(frame);
      for (const wake of this.waiters) wake();
    });
  }

  /** A connection that signs in on nothing: a visitor's. */
  static async visitor(base: string, label: string): Promise<Realtime> {
    const rt = new Realtime(base, label);
    open.add(rt);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${label}: websocket to ${base} did not open in ${WAIT_MS} ms`)), WAIT_MS);
      rt.ws.once('open', () => { clearTimeout(timer); resolve(); });
      rt.ws.once('error', (err) => { clearTimeout(timer); reject(new Error(`${label}: websocket error: ${err.message}`)); });
    });
    return rt;
  }

  static async open(base: string, token: string, label: string): Promise<Realtime> {
    const rt = await Realtime.visitor(base, label);
    rt.send({ type: 'auth', access_token: token });
    const auth = await rt.waitFor((f) => f.type === 'auth' || f.type === 'error', 'the auth answer');
    if (auth.status !== 'ok') throw new Error(`${label}: websocket auth refused: ${JSON.stringify(auth)}`);
    return rt;
  }

  send(frame: Frame): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** Subscribes to messages and waits for the initial snapshot. */
  async subscribeMessages(uid: string): Promise<Frame> {
    this.send({ type: 'subscribe', uid, collection: 'messages', query: { fields: ['*', 'user_created.id', 'user_created.login'], sort: ['-id'], limit: 5 } });
    const init = await this.waitFor((f) => f.uid === uid && (f.type === 'error' || f.event === 'init'), `the init of subscription ${uid}`);
    if (init.type === 'error') throw new Error(`${this.label}: subscribe refused: ${JSON.stringify(init)}`);
    return init;
  }

  /** The first frame (already received or coming) that matches, or a clear failure after the timeout. */
  waitFor(match: (f: Frame) => boolean, what: string, timeoutMs = WAIT_MS): Promise<Frame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = this.frames.find(match);
        if (!found) return false;
        cleanup();
        resolve(found);
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        const seen = this.frames.map((f) => JSON.stringify(f).slice(0, 200)).join('\n  ');
        reject(new Error(`${this.label}: no ${what} within ${timeoutMs} ms. Frames seen:\n  ${seen || '(none)'}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
      };
      const wake = () => void check();
      this.waiters.add(wake);
      check();
    });
  }

  /** Message events (create/update/delete) of a subscription, flattened to their rows. */
  rows(uid: string): Frame[] {
    return this.frames.filter((f) => f.uid === uid && f.type === 'subscription' && f.event !== 'init').flatMap((f) => f.data ?? []);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) return resolve();
      this.ws.once('close', () => resolve());
      this.ws.close();
      setTimeout(() => { this.ws.terminate(); resolve(); }, 2000).unref();
    });
  }
}

