/**
 * A signed-in person's list marks on the title: a heart toggling
 * 'Избранное' and a menu of the five marks, each toggling (added when absent, removed when
 * present); a mark that is set is shown dimmed. Marks change once the backend took the change.
 * While one is saved the buttons are only aria-disabled (`toggleMark` ignores a press meanwhile):
 * a disabled button would drop the keyboard's focus to the page's start.
 */
import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import { MARK_TYPES, type MarkType } from '../../../shared/rules.ts';
import { $titleMarks, loadTitleMarks, toggleMark } from './signed-in-store.ts';
import HeartIcon from '../../ui/HeartIcon.tsx';
import { menuPlace } from './menu-place.ts';
import './title-actions.css';

const FAVOURITE: MarkType = 'Избранное';

export default function TitleMarks({ titleId }: { titleId: number }) {
  const { status, marks, busy, error } = useStore($titleMarks);
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const box = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);

  useEffect(() => { void loadTitleMarks(titleId); }, [titleId]);

  // The open menu is a popover: in the top layer, neither clipped by the banner nor under the page's floating
  // buttons. It sits where it fits beside its button, and follows it as the page scrolls, until the button leaves the screen.
  useLayoutEffect(() => {
    const list = menu.current;
    if (!open || !list) return;
    list.showPopover();
    const place = () => {
      const button = toggle.current!.getBoundingClientRect();
      const screen = { width: document.documentElement.clientWidth, height: window.innerHeight };
      if (button.bottom < 0 || button.top > screen.height) {
        setOpen(false);
        return;
      }
      const at = menuPlace(button, { width: list.offsetWidth, height: list.scrollHeight }, screen);
      Object.assign(list.style, { top: `${at.top}px`, left: `${at.left}px`, maxHeight: `${at.maxHeight}px` });
    };
    place();
    window.addEventListener('scroll', place, { passive: true });
    window.addEventListener('resize', place);
    return () => {
      window.removeEventListener('scroll', place);
      window.removeEventListener('resize', place);
      if (list.matches(':popover-open')) list.hidePopover();
    };
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const close = () => setOpen(false);
    const outside = (e: PointerEvent) => { if (!box.current?.contains(e.target as Node)) close(); };
    // The hidden menu would drop the keyboard's focus to the page's start: its button takes it back.
    // A dialog over the page prevents the default of the Escape it closes on: that one is not ours.
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      if (box.current?.contains(document.activeElement)) toggle.current?.focus();
      close();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  if (status === 'error') {
    return (
      <span className="title-actions__error" role="alert">
        Не удалось загрузить отметки. <button type="button" className="list-status__retry" onClick={() => void loadTitleMarks(titleId)}>Повторить</button>
      </span>
    );
  }
  const ready = status === 'ready';
  const favourite = marks[FAVOURITE] !== undefined;
  return (
    <div className="title-marks" ref={box}>
      <button
        type="button"
        className={`title-marks__heart${favourite ? ' title-marks__heart--on' : ''}`}
        aria-pressed={favourite}
        aria-label={favourite ? 'Убрать из избранного' : 'Добавить в избранное'}
        title={favourite ? 'Убрать из избранного' : 'Добавить в избранное'}
        disabled={!ready}
        aria-disabled={busy !== null || undefined}
        onClick={() => void toggleMark(titleId, FAVOURITE)}
      >
        <HeartIcon />
      </button>
      <button
        type="button"
        ref={toggle}
        className="title-marks__toggle"
        aria-expanded={open}
        aria-controls={menuId}
        disabled={!ready}
        onClick={() => setOpen(!open)}
      >
        В список ▾
      </button>
      <ul id={menuId} ref={menu} className="title-marks__menu" popover="manual" aria-label="Списки">
        {MARK_TYPES.map((type) => {
          const set = marks[type] !== undefined;
          return (
            <li key={type}>
              <button
                type="button"
                className={`title-marks__item${set ? ' title-marks__item--set' : ''}`}
                aria-pressed={set}
                aria-disabled={busy !== null || undefined}
                onClick={() => void toggleMark(titleId, type)}
              >
                {set && <span aria-hidden="true">✓ </span>}{type}
              </button>
            </li>
          );
        })}
      </ul>
      {error && <span className="title-actions__error" role="alert">{error}</span>}
    </div>
  );
}
