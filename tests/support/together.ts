/** Helpers for the watching-together suites: a member's socket in a room, and what it hears. */
import type { RoomCommand, RoomView } from '../../shared/together.ts';
import { Realtime, type Frame } from './realtime.ts';

/** A frame of the room `code` (a view's frame carries the view as `room`, with the code inside). */
export const ofRoom = (code: string) => (f: Frame) =>
  f.type === 'together' && (f.room === code || (typeof f.room === 'object' && f.room?.code === code));

/** A socket of one person that speaks the room's protocol. */
export class RoomSocket {
  readonly rt: Realtime;
  readonly code: string;
  private seq = 0;

  constructor(rt: Realtime, code: string) {
    this.rt = rt;
    this.code = code;
  }

  static async open(base: string, token: string, code: string, label: string): Promise<RoomSocket> {
    return new RoomSocket(await Realtime.open(base, token, label), code);
  }

  /** Sends a command with a fresh uid and answers the uid. */
  send(command: RoomCommand | Record<string, unknown>, room = this.code): string {
    const uid = `${this.rt.label}-${++this.seq}`;
    this.rt.send({ type: 'together', room, uid, ...command });
    return uid;
  }

  /** Joins the room and waits for its view. */
  async join(): Promise<RoomView> {
    const uid = this.send({ action: 'join' });
    const answer = await this.rt.waitFor((f) => f.uid === uid, `the answer to join ${this.code}`);
    if (answer.event !== 'room') throw new Error(`${this.rt.label}: join refused: ${JSON.stringify(answer)}`);
    return answer.room as RoomView;
  }

  /** The error answered to the command sent with `uid`. */
  errorOf(uid: string, what = 'the error'): Promise<Frame> {
    return this.rt.waitFor((f) => f.uid === uid && f.event === 'error', `${what} (${uid})`);
  }

  /** The first view of this room (already heard or coming) that matches. */
  async view(match: (v: RoomView) => boolean, what: string, timeoutMs?: number): Promise<RoomView> {
    const f = await this.rt.waitFor((x) => ofRoom(this.code)(x) && x.event === 'room' && match(x.room as RoomView), what, timeoutMs);
    return f.room as RoomView;
  }

  /** The room's line or message with this text. */
  message(text: string | RegExp, what = `the message ${String(text)}`): Promise<Frame> {
    const matches = (t: string) => (typeof text === 'string' ? t === text : text.test(t));
    return this.rt.waitFor((f) => ofRoom(this.code)(f) && f.event === 'message' && matches(f.message.text), what);
  }

  /** Views heard so far, newest last. */
  views(): RoomView[] {
    return this.rt.frames.filter((f) => ofRoom(this.code)(f) && f.event === 'room').map((f) => f.room as RoomView);
  }

  /** The newest view heard (by version). */
  latest(): RoomView | undefined {
    return this.views().sort((x, y) => x.version - y.version).at(-1);
  }

  close(): Promise<void> {
    return this.rt.close();
  }
}
