/**
 * Drives one member's media toward the room's moment, and turns what the member does in the
 * player into room commands. One sync a media: a new episode brings a new media and a new sync.
 *
 * - A scheduled start (a playing moment whose `at` is still ahead on the server's clock) holds the
 *   media at the moment's second and plays it when the server's clock reaches `at`.
 * - A pause stops the media and puts it at the room's second.
 * - While the room plays, the drift rules (drift.ts) keep the media on the room's second.
 * - What the media does that the sync did not ask for is the member's own: a play, a pause or a seek
 *   goes to the room as a command; in a room only the leader controls, a non-leader's is undone
 *   and they are told «Управляет только ведущий».
 * - What the player does is told to the room as the member's state ('watching', 'paused'), once a
 *   change; a stall of our <video> that lasts is told as 'loading' (the room pauses and waits); when the
 *   room waits for this member (after a seek, an episode change or their stall) and the media can
 *   play the room's second, 'ready' is sent.
 */
import { positionAt, ROOM_MESSAGES, type RoomCommand, type RoomView } from '../../../shared/together.ts';
import type { MediaEvent, PlayerMedia } from '../player/index.ts';
import { correction, SEEK_FROM_S, SETTLE_MS } from './drift.ts';

/** How often the media is held to the room's second. */
export const TICK_MS = 250;
/** A stall shorter than this is the media's own hiccup (a seek's load), not worth pausing the room for. */
export const LOADING_GRACE_MS = 700;
/** What the sync asked of the media is matched to the media's answer within this long. */
const EXPECT_MS = 3_000;
/**
 * A seek of the sync's that has begun (its 'seeking' came) is its answer's for this long from then:
 * loading the new second can outlast EXPECT_MS on a busy machine, and its late 'seeked' would
 * otherwise be taken for the member's own seek and sent to the room.
 */
export const SEEK_LOAD_MS = 15_000;
/** An own seek goes at once; more within this long of it (a drag along the time line) go as one, once the person lets go. */
export const SEEK_SETTLE_MS = 300;
/**
 * Our <video> lands where it was sent; an embed answers with the second it reached, which a provider
 * telling whole seconds rounds by up to half of one. Wider, a person's own seek a second away from
 * one of the sync's still unanswered would be taken for its answer, and lost.
 */
const SEEK_LANDS_WITHIN_S = { video: 0.1, embed: 0.6 } as const;
/**
 * A media tells the second it is at when its 'seeked' is heard, not the one it landed at: a playing
 * one has run on meanwhile (on a busy page, a few hundred ms). Its 'seeked' may say up to this much
 * past the second asked; a person's own seek this close to a playing room's second is drift anyway.
 */
const SEEK_RUNS_ON_S = 1;
/** An embed asked to change its speed says so within this long, or is taken not to follow speed. */
export const SPEED_ANSWER_MS = 2_000;
/** After an own command the media is left as the person put it until the room answers, or this long. */
const ANSWER_WAIT_MS = 2_000;
/**
 * A held second within this of the room's is left where it is (a seek would reload the picture). An
 * embed is held as closely: its time while playing comes in whole seconds, so a held embed is put at
 * the room's exact second (its seek answers with it) and every member's embed starts from the same one.
 */
const HOLD_TOLERANCE_S = 0.05;

export interface SyncDeps {
  media: PlayerMedia;
  /** This member's user id. */
  me: string;
  send: (command: RoomCommand) => void;
  /** The server's clock now (ms), as clock-offset.ts estimates it. */
  serverNow: () => number;
  /** A word for the member (a refused command). */
  notice: (text: string) => void;
  /** The browser would not start playing without a click: the page offers one. */
  blocked: (is: boolean) => void;
  /** The local clock (ms); a test's own. */
  now?: () => number;
}

export interface RoomSync {
  /** The room as it is now; called with every new view. */
  follow(view: RoomView): void;
  /** The player is about to seek to `seconds` to skip a segment: the seek goes with that reason. */
  skipping(seconds: number): void;
  /** The member's click that lets a blocked media play. */
  resume(): void;
  close(): void;
}

type Expected = { type: 'play' | 'pause' } | { type: 'seeked'; seconds: number };

/** Whether this member's play, pause and seek count in the room. */
export function mayControl(view: RoomView, me: string): boolean {
  return view.control === 'all' || view.leader === me;
}

/** The room holds everyone still until these members' players can play its second. */
export function waitsFor(view: RoomView, me: string): boolean {
  return view.waitingFor.includes(me);
}

export function syncMedia(deps: SyncDeps): RoomSync {
  const { media, me, send } = deps;
  const now = deps.now ?? (() => Date.now());
  let view: RoomView | null = null;
  let expected: (Expected & { until: number })[] = [];
  let lastSeekAt = -Infinity;
  let startTimer: ReturnType<typeof setTimeout> | undefined;
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  let seekTimer: ReturnType<typeof setTimeout> | undefined;
  let seekSentAt = -Infinity;
  let seekSentTo = NaN;
  let stalled = false;
  let loadingTold = false;
  let readyFor: string | null = null;
  let skipTo: number | null = null;
  let rate = 1;
  /** An own command the room has not answered yet: until it does (or a while passes), the media is left as the person put it. */
  let awaiting: { until: number; answered: (view: RoomView) => boolean } | null = null;
  const awaitingRoom = () => awaiting !== null && now() < awaiting.until;
  let toldState: 'watching' | 'paused' | 'loading' | null = null;
  let blocked = false;
  let closed = false;
  /** Whether the media follows a speed change: our <video> does; an embed proves it by saying its new speed. */
  let followsSpeed: boolean | null = media.kind === 'video' ? true : null;
  let speedAskedAt: number | null = null;
  /** Where a playing media stood at the last tick that held it. */
  let seen: { time: number; at: number } | null = null;

  /** The member's state as the others see it, told once a change (a stall's 'loading' is told by its own rule). */
  const tellState = (state: 'watching' | 'paused' | 'loading') => {
    if (state === toldState) return;
    toldState = state;
    send({ action: 'state', state });
  };
  const expect = (e: Expected) => { expected.push({ ...e, until: now() + EXPECT_MS }); };
  /** True when the event is the media's answer to what the sync asked, which is then crossed off. */
  const answered = (e: MediaEvent): boolean => {
    const t = now();
    expected = expected.filter((x) => x.until > t);
    if (e.type === 'seeked') return seekAnswered(e.seconds);
    const i = expected.findIndex((x) => x.type === e.type);
    if (i < 0) return false;
    expected.splice(i, 1);
    return true;
  };
  /** Whether a 'seeked' at `seconds` may be the end of the sync's seek to `asked`. */
  const landsAt = (asked: number, seconds: number): boolean => {
    const within = SEEK_LANDS_WITHIN_S[media.kind];
    const off = seconds - asked;
    return off > -within && off < within + (media.paused() ? 0 : SEEK_RUNS_ON_S);
  };
  /**
   * A 'seeked' answers the sync's seek it landed nearest to. Seeks in a row may end in one 'seeked' (a
   * <video> drops a seek overtaken by the next) or in one each (an embed that finished the first before
   * the next reached it): the seeks asked before the one answered are crossed off with it, so a
   * dropped one never waits to take a person's own seek for its answer. Where one asked before is
   * crossed off so, the answered one is still awaited a while: the 'seeked' may have been the earlier
   * one's, told at the later one's second, with the later one's own 'seeking' and 'seeked' to come.
   */
  const seekAnswered = (seconds: number): boolean => {
    let best = -1;
    expected.forEach((x, i) => {
      if (x.type !== 'seeked' || !landsAt(x.seconds, seconds)) return;
      const bestX = expected[best];
      if (!bestX || bestX.type !== 'seeked' || Math.abs(x.seconds - seconds) < Math.abs(bestX.seconds - seconds)) best = i;
    });
    const answer = expected[best];
    if (!answer) return false;
    const overtook = expected.some((x, i) => i < best && x.type === 'seeked');
    if (overtook) answer.until = Math.max(answer.until, now() + EXPECT_MS);
    expected = expected.filter((x, i) => i > best || (x.type !== 'seeked' && i !== best) || (i === best && overtook));
    return true;
  };

  /** Whether a seek beginning at `seconds` is one the sync asked for (still awaited); it is then awaited while it loads. */
  const seekBegun = (seconds: number): boolean => {
    const t = now();
    const asked = expected.find((x) => x.type === 'seeked' && x.until > t && Math.abs(x.seconds - seconds) < SEEK_LANDS_WITHIN_S[media.kind]);
    if (asked) asked.until = Math.max(asked.until, t + SEEK_LOAD_MS);
    return asked !== undefined;
  };

  const setRate = (r: number) => {
    if (r === rate) return;
    rate = r;
    if (followsSpeed === null) speedAskedAt ??= now();
    media.setSpeed(r);
  };
  /** An embed that has not said its new speed within SPEED_ANSWER_MS does not follow one: seeks alone correct it. */
  const bySpeed = () => {
    if (followsSpeed === null && speedAskedAt !== null && now() - speedAskedAt > SPEED_ANSWER_MS) {
      followsSpeed = false;
      setRate(1);
    }
    return followsSpeed !== false;
  };
  const play = () => {
    if (!media.paused()) return;
    expect({ type: 'play' });
    media.play();
  };
  const pause = () => {
    if (media.paused()) return;
    expect({ type: 'pause' });
    media.pause();
  };
  const seek = (seconds: number) => {
    expect({ type: 'seeked', seconds });
    lastSeekAt = now();
    media.seek(seconds);
  };
  const holdAt = (position: number) => {
    clearTimeout(startTimer);
    startTimer = undefined;
    pause();
    setRate(1);
    if (Math.abs(media.time() - position) > HOLD_TOLERANCE_S) seek(position);
  };

  function apply(): void {
    if (!view || closed || awaitingRoom()) return;
    const m = view.moment;
    const serverNow = deps.serverNow();
    if (waitsFor(view, me) || view.waitingFor.length > 0 || !m.playing) {
      holdAt(m.position);
      checkReady();
      return;
    }
    if (m.at > serverNow) {
      holdAt(m.position);
      startTimer = setTimeout(() => { startTimer = undefined; tick(); }, m.at - serverNow);
      return;
    }
    tick();
  }

  /** The room waits for this member: once the media can play the room's second, say so (once a wait). */
  function checkReady(): void {
    if (!view || !waitsFor(view, me)) return;
    const key = `${view.episode}:${view.moment.position}:${view.waitingSince}`;
    if (readyFor === key || stalled) return;
    if (Math.abs(media.time() - view.moment.position) > HOLD_TOLERANCE_S || !media.ready()) return;
    readyFor = key;
    loadingTold = false;
    toldState = null;
    send({ action: 'ready' });
  }

  /** Holds a playing room's media to its second. */
  function tick(): void {
    const was = seen;
    seen = null;
    if (!view || closed) return;
    checkReady();
    const m = view.moment;
    const serverNow = deps.serverNow();
    if (!m.playing || m.at > serverNow || view.waitingFor.length > 0 || stalled || startTimer || awaitingRoom()) return;
    const target = positionAt(m, serverNow);
    const length = media.duration();
    if (length !== null && target >= length) return;
    if (media.paused()) {
      // Asked to play already: an embed says so a message later, and another seek meanwhile would only stall it.
      if (blocked || expected.some((x) => x.type === 'play' && x.until > now())) return;
      if (Math.abs(media.time() - target) > HOLD_TOLERANCE_S) seek(target);
      play();
      return;
    }
    const t = now();
    const actual = media.time();
    seen = { time: actual, at: t };
    // An embed tells a seek in its own controls only once loaded, but its time shows the new second
    // at once: a jump the sync did not ask for waits for that 'seeked' instead of being undone as drift.
    if (media.kind === 'embed' && was && lastSeekAt < was.at && Math.abs(actual - (was.time + ((t - was.at) / 1000) * rate)) > SEEK_FROM_S) lastSeekAt = t;
    const c = correction({ target, actual, bySpeed: bySpeed(), sinceSeekMs: t - lastSeekAt });
    if (c.do === 'seek') seek(c.to);
    else setRate(c.rate);
  }

  /** Whether a view is the room's answer to an own command (a view about something else may come first). */
  const answerTo = (command: RoomCommand) => (v: RoomView): boolean => {
    if (command.action === 'play') return v.moment.playing;
    if (command.action === 'pause') return !v.moment.playing;
    if (command.action === 'seek') return Math.abs(v.moment.position - command.position) < 0.5;
    return true;
  };
  const sendOwn = (command: RoomCommand) => {
    awaiting = { until: now() + ANSWER_WAIT_MS, answered: answerTo(command) };
    send(command);
  };

  /** The member's own act, sent, or undone where only the leader controls. */
  function own(e: MediaEvent): void {
    if (!view) return;
    const allowed = mayControl(view, me);
    const m = view.moment;
    if (e.type === 'play') {
      // Already playing: the media only caught up (the ticks hold it to the room's second).
      if (m.playing && view.waitingFor.length === 0) return;
      // Everyone starts together at the time the room schedules: the media waits for it.
      pause();
      if (allowed) sendOwn({ action: 'play', position: media.time() });
      else deps.notice(ROOM_MESSAGES.leaderOnly);
    } else if (e.type === 'pause') {
      if (allowed) {
        sendOwn({ action: 'pause', position: media.time() });
        return;
      }
      deps.notice(ROOM_MESSAGES.leaderOnly);
      if (m.playing) play();
    } else if (e.type === 'seeked') {
      lastSeekAt = now();
      if (!allowed) {
        deps.notice(ROOM_MESSAGES.leaderOnly);
        seek(positionAt(m, deps.serverNow()));
        return;
      }
      ownSeek(e.seconds);
    }
  }

  /**
   * A seek of the member's own, to the room: at once (our <video> says it as the seek begins, before
   * its new second has loaded); those that follow it closely (a drag along the time line) go as one,
   * where it ended; the end of a seek already sent sends nothing.
   */
  function ownSeek(to: number): void {
    clearTimeout(seekTimer);
    awaiting = { until: now() + ANSWER_WAIT_MS, answered: answerTo({ action: 'seek', position: to }) };
    if (Math.abs(to - seekSentTo) < SEEK_LANDS_WITHIN_S[media.kind] && now() - seekSentAt < EXPECT_MS) return;
    const sendSeek = () => {
      seekSentAt = now();
      seekSentTo = to;
      const reason = skipTo !== null && Math.abs(to - skipTo) < 1 ? 'skip' : undefined;
      skipTo = null;
      sendOwn(reason ? { action: 'seek', position: to, reason } : { action: 'seek', position: to });
    };
    if (now() - seekSentAt >= SEEK_SETTLE_MS) sendSeek();
    else seekTimer = setTimeout(sendSeek, SEEK_SETTLE_MS);
  }

  /**
   * A seek the sync did not ask for is the person's: from now on the room's news must not undo it
   * while the media loads the new second. Where they may, it goes to the room now; where they may
   * not, its end undoes it. One the sync asked for waits for its 'seeked' while it loads. Told twice
   * (by the room's news, then by its 'seeking'), it is sent once.
   */
  function seekStarted(seconds: number): void {
    if (seekBegun(seconds)) return;
    lastSeekAt = now();
    awaiting = { until: now() + ANSWER_WAIT_MS, answered: answerTo({ action: 'seek', position: seconds }) };
    if (view && mayControl(view, me)) ownSeek(seconds);
  }

  function stallStarted(): void {
    stalled = true;
    clearTimeout(stallTimer);
    stallTimer = setTimeout(() => {
      if (!stalled || !view || loadingTold) return;
      // Only a playing room is held; a paused one waits for nothing.
      if (!view.moment.playing || waitsFor(view, me)) return;
      loadingTold = true;
      tellState('loading');
    }, LOADING_GRACE_MS);
  }

  function stallEnded(): void {
    stalled = false;
    clearTimeout(stallTimer);
    if (loadingTold && view && !waitsFor(view, me)) {
      loadingTold = false;
      tellState(media.paused() ? 'paused' : 'watching');
    }
    checkReady();
  }

  const unlisten = media.on((e) => {
    if (e.type === 'speed') followsSpeed = true;
    switch (e.type) {
      case 'play':
      case 'pause':
      case 'seeked':
        if (e.type === 'play' && blocked) { blocked = false; deps.blocked(false); }
        if (!answered(e)) own(e);
        if (e.type !== 'seeked' && !stalled) tellState(media.paused() ? 'paused' : 'watching');
        if (e.type === 'seeked') checkReady();
        break;
      case 'seeking': seekStarted(e.seconds); break;
      case 'waiting': stallStarted(); break;
      case 'playing': stallEnded(); break;
      case 'blocked':
        blocked = true;
        deps.blocked(true);
        break;
      default: break;
    }
  });
  const ticker = setInterval(tick, TICK_MS);

  return {
    follow(next) {
      if (closed) return;
      const before = view;
      view = next;
      if (awaiting?.answered(next)) awaiting = null;
      // The person may have just set the time, its 'seeking' not yet told: the news must not put it back.
      const seeking = media.seekingTo();
      if (seeking !== null) seekStarted(seeking);
      // A new wait (a seek, an episode, someone's stall) asks for a new 'ready'.
      if (before && before.waitingSince !== next.waitingSince) readyFor = null;
      apply();
    },
    skipping(seconds) { skipTo = seconds; },
    resume() {
      blocked = false;
      deps.blocked(false);
      tick();
      if (view && !media.paused()) return;
      apply();
    },
    close() {
      closed = true;
      clearInterval(ticker);
      clearTimeout(startTimer);
      clearTimeout(stallTimer);
      clearTimeout(seekTimer);
      unlisten();
      if (rate !== 1 && !media.closed) media.setSpeed(1);
    },
  };
}
