/**
 * An embedded provider's player, followed and driven through its postMessage protocol. Only
 * messages from the frame itself and its own origin count. One that has said nothing within
 * SILENT_EMBED_MS of loading is told as silent: the page then offers what works without it. Where
 * it stands is kept by its clock (embed-clock.ts), which it is asked to set exactly every
 * ASK_TIME_MS while it plays: its own words come in whole seconds, too coarse to keep a room of
 * people on one frame. Moved to another episode, the frame loads its address; the next episode of
 * the same serial player is asked for in place instead (`change_episode`), and what the player says
 * before it has changed is of the episode before. One that has not changed within CHANGE_EPISODE_MS
 * loads the address after all. An episode loading starts at its own speed, which the frame may report:
 * until it tells the episode's length, what it says of its speed is the loading's, not the viewer's,
 * and then it is given the speed asked for again.
 */
import { listeners, type PlayerMedia } from './media.ts';
import { clockTime, hear, stoppedClock, type EmbedWord } from './embed-clock.ts';
import { commandMessage, embedEpisode, embedOrigin, readProviderEvent, SILENT_EMBED_MS, type ProviderCommand } from './provider-protocol.ts';

export const ASK_TIME_MS = 250;
export const CHANGE_EPISODE_MS = 1_500;

/** `move`: the frame shows the episode of one address and is to show another's. */
export function embedMedia(frame: HTMLIFrameElement, move?: { from: string; to: string }): PlayerMedia {
  const heard = listeners();
  const stop = new AbortController();
  const next = move ? embedEpisode(move.to, location.href) : null;
  const change = move && next && embedEpisode(move.from, location.href)?.player === next.player ? next : null;
  if (move && !change) frame.src = move.to;
  const origin = embedOrigin(frame.src, location.href);
  const now = () => performance.now();
  let clock = stoppedClock(0, now());
  const time = () => clockTime(clock, now());
  const told = (word: EmbedWord) => { clock = hear(clock, word, now()); };
  let length: number | null = null;
  let paused = true;
  let spoke = false;
  /** The speed asked for, or last chosen in the frame's own controls. */
  let speed: number | null = null;
  let loading = !!move;

  const send = (c: ProviderCommand) => { if (origin) frame.contentWindow?.postMessage(commandMessage(c), origin); };
  /** When the time was last asked for: its answer was on the way back about half of what has passed since. */
  let askedAt: number | undefined;
  const askTimeOnce = () => { askedAt = now(); send({ method: 'get_time' }); };

  let changing = !!change;
  let changeTimer: ReturnType<typeof setTimeout> | undefined;
  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.origin !== origin) return;
    const e = readProviderEvent(event.data);
    if (!e) return;
    if (changing) {
      if (e.type !== 'episode' || e.episode !== change?.episode || (change.season !== null && e.season !== change.season)) return;
      changing = false;
      clearTimeout(changeTimer);
    }
    spoke = true;
    switch (e.type) {
      case 'time':
        told(e.exact ? { type: 'exact', seconds: e.seconds, askedAt } : { type: 'whole', seconds: e.seconds });
        heard.tell({ type: 'time', seconds: time() });
        break;
      case 'duration':
        length = e.seconds;
        loading = false;
        if (speed !== null) send({ method: 'speed', speed });
        heard.tell({ type: 'duration', seconds: length });
        break;
      case 'play': paused = false; told({ type: 'play' }); askTime(); heard.tell({ type: 'play' }); break;
      case 'pause': paused = true; told({ type: 'pause' }); heard.tell({ type: 'pause' }); break;
      case 'seek': told({ type: 'exact', seconds: e.seconds }); heard.tell({ type: 'seeked', seconds: e.seconds }); break;
      case 'ended': paused = true; told({ type: 'pause' }); heard.tell({ type: 'ended' }); break;
      case 'speed':
        if (loading) break;
        speed = e.speed;
        told({ type: 'speed', speed: e.speed });
        heard.tell(e);
        break;
      case 'volume': heard.tell(e); break;
      default: break;
    }
  }, { signal: stop.signal });

  // A frame may have loaded before we listened (it is asked the time, which a speaking embed
  // answers), or load later (a lazy frame in a hidden tab): the wait for its first word starts then.
  let silentTimer: ReturnType<typeof setTimeout> | undefined;
  const listenFromNow = () => {
    clearTimeout(silentTimer);
    askTimeOnce();
    silentTimer = setTimeout(() => { if (!spoke) heard.tell({ type: 'silent' }); }, SILENT_EMBED_MS);
  };
  frame.addEventListener('load', listenFromNow, { signal: stop.signal });
  if (change) {
    send({ method: 'change_episode', ...(change.season === null ? {} : { season: change.season }), episode: change.episode });
    changeTimer = setTimeout(() => { changing = false; frame.src = move!.to; }, CHANGE_EPISODE_MS);
  }
  if (frame.checkVisibility()) listenFromNow();

  let asking: ReturnType<typeof setInterval> | undefined;
  /** Asks the time now and every ASK_TIME_MS while it plays. */
  function askTime(): void {
    askTimeOnce();
    if (asking) return;
    asking = setInterval(() => {
      if (!paused) return askTimeOnce();
      clearInterval(asking);
      asking = undefined;
    }, ASK_TIME_MS);
  }

  let closed = false;
  return {
    get closed() { return closed; },
    kind: 'embed',
    play: () => send({ method: 'play' }),
    pause: () => send({ method: 'pause' }),
    seek: (seconds) => { told({ type: 'exact', seconds }); send({ method: 'seek', seconds }); },
    setSpeed: (s) => { speed = s; send({ method: 'speed', speed: s }); },
    setVolume: (volume, muted) => { send({ method: 'volume', volume }); send({ method: muted ? 'mute' : 'unmute' }); },
    time,
    duration: () => length,
    paused: () => paused,
    seekingTo: () => null,
    ready: () => true,
    on: heard.add,
    close: () => { closed = true; clearTimeout(silentTimer); clearTimeout(changeTimer); clearInterval(asking); stop.abort(); heard.clear(); },
  };
}
