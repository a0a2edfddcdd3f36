/**
 * The emoji button of the input: the panel shows 0.2 s after the pointer comes and hides 0.4 s
 * after it leaves; a click or Enter opens and closes it at once, Escape closes
 * it and puts the focus back on the button (the panel it was in is gone). The picker's code loads the
 * first time the panel opens; it takes the site's look (the class on <html>) when it opens, without the
 * theme store, which visitors' islands keep to themselves.
 */
import { lazy, useEffect, useRef, useState } from 'react';
import { EMOJI_PANEL_MS } from '../../lib/chat-constants.ts';
import LazyPart from '../../ui/LazyPart.tsx';
import { SmileIcon } from './icons.tsx';

const EmojiPanel = lazy(() => import('./EmojiPanel.tsx'));

export default function EmojiButton({ onPick }: { onPick: (emoji: string) => void }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const button = useRef<HTMLButtonElement>(null);

  const later = (next: boolean, ms: number) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(next), ms);
  };
  const now = (next: boolean) => {
    if (timer.current) clearTimeout(timer.current);
    setOpen(next);
  };
  useEffect(() => () => { if (timer.current) clearTimeout(timer.current); }, []);

  return (
    <div className="chat-emoji" onMouseEnter={() => later(true, EMOJI_PANEL_MS.show)} onMouseLeave={() => later(false, EMOJI_PANEL_MS.hide)}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        now(false);
        button.current?.focus();
      }}>
      <button ref={button} type="button" className="icon-btn chat-emoji__btn" aria-label="Эмодзи" aria-expanded={open} onClick={() => now(!open)}>
        <SmileIcon />
      </button>
      {open && (
        <div className="chat-emoji__panel" data-testid="emoji-panel">
          <LazyPart fallback={<p className="chat-emoji__loading">Загрузка…</p>}>
            <EmojiPanel dark={document.documentElement.classList.contains('dark-theme')} onPick={onPick} />
          </LazyPart>
        </div>
      )}
    </div>
  );
}
