/**
 * An embedded provider's player, followed and driven through its postMessage protocol. Only
 * messages from the frame itself and its own origin count. One that has said nothing within
 * SILENT_EMBED_MS of loading is told as silent: the page then offers what works without it.
 */
import { listeners, type PlayerMedia } from './media.ts';
import { commandMessage, embedOrigin, readProviderEvent, SILENT_EMBED_MS, type ProviderCommand } from './provider-protocol.ts';

export function embedMedia(frame: HTMLIFrameElement): PlayerMedia {
  const heard = listeners();
  const stop = new AbortController();
  const origin = embedOrigin(frame.src, location.href);
  let time = 0;
  let length: number | null = null;
  let paused = true;
  let spoke = false;

  const send = (c: ProviderCommand) => { if (origin) frame.contentWindow?.postMessage(commandMessage(c), origin); };

  window.addEventListener('message', (event) => {
    if (event.source !== frame.contentWindow || event.origin !== origin) return;
    const e = readProviderEvent(event.data);
    if (!e) return;
    spoke = true;
    switch (e.type) {
      case 'time': time = e.seconds; heard.tell({ type: 'time', seconds: time }); break;
      case 'duration': length = e.seconds; heard.tell({ type: 'duration', seconds: length }); break;
      case 'play': paused = false; heard.tell({ type: 'play' }); break;
      case 'pause': paused = true; heard.tell({ type: 'pause' }); break;
      case 'seek': time = e.seconds; heard.tell({ type: 'seeked', seconds: time }); break;
      case 'ended': paused = true; heard.tell({ type: 'ended' }); break;
      case 'speed': heard.tell(e); break;
      case 'volume': heard.tell(e); break;
      default: break;
    }
  }, { signal: stop.signal });

  // A frame may have loaded before we listened (it is asked the time, which a speaking embed
  // answers), or load later (a lazy frame in a hidden tab): the wait for its first word starts then.
  let silentTimer: ReturnType<typeof setTimeout> | undefined;
  const listenFromNow = () => {
    clearTimeout(silentTimer);
    send({ method: 'get_time' });
    silentTimer = setTimeout(() => { if (!spoke) heard.tell({ type: 'silent' }); }, SILENT_EMBED_MS);
  };
  frame.addEventListener('load', listenFromNow, { signal: stop.signal });
  if (frame.checkVisibility()) listenFromNow();

  let closed = false;
  return {
    get closed() { return closed; },
    kind: 'embed',
    play: () => send({ method: 'play' }),
    pause: () => send({ method: 'pause' }),
    seek: (seconds) => { time = seconds; send({ method: 'seek', seconds }); },
    setSpeed: (speed) => send({ method: 'speed', speed }),
    setVolume: (volume, muted) => { send({ method: 'volume', volume }); send({ method: muted ? 'mute' : 'unmute' }); },
    time: () => time,
    duration: () => length,
    paused: () => paused,
    ready: () => true,
    on: heard.add,
    close: () => { closed = true; clearTimeout(silentTimer); stop.abort(); heard.clear(); },
  };
}
