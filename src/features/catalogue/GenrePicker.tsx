/**
 * The filter screen's genres: a button that opens a list of checkboxes, so several genres can be
 * chosen (a title must have them all). The button names what is chosen; Escape, a click elsewhere
 * or the focus leaving closes the list, and Escape gives the focus back to the button.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { MAX_GENRES } from '../../lib/filter-query.ts';

interface Props {
  genres: readonly string[];
  chosen: readonly string[];
  onChange: (genres: string[]) => void;
}

export default function GenrePicker({ genres, chosen, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  const full = chosen.length >= MAX_GENRES;
  // A genre an old link names that the list no longer has can still be unticked.
  const options = [...genres, ...chosen.filter((g) => !genres.includes(g))];

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const toggle = (genre: string, on: boolean) => onChange(on ? [...chosen, genre] : chosen.filter((g) => g !== genre));

  return (
    <div
      ref={root}
      className="filter__field filter-genres"
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !open) return;
        e.stopPropagation();
        setOpen(false);
        button.current?.focus();
      }}
      onBlur={(e) => {
        // Only a focus that went somewhere else closes it: a click on a checkbox may move none.
        if (e.relatedTarget && !root.current?.contains(e.relatedTarget)) setOpen(false);
      }}
    >
      <span id={`${id}-label`}>Жанры</span>
      <button
        ref={button}
        type="button"
        className="select filter-genres__button"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-labelledby={`${id}-label ${id}-value`}
        onClick={() => setOpen(!open)}
      >
        <span id={`${id}-value`} className="filter-genres__value">{chosen.length ? chosen.join(', ') : 'Все'}</span>
      </button>
      {open && (
        <fieldset id={`${id}-list`} className="filter-genres__list">
          <legend className="visually-hidden">Жанры</legend>
          <p className="filter-genres__note">Сериалы и фильмы со всеми выбранными жанрами</p>
          {options.map((genre) => {
            const on = chosen.includes(genre);
            return (
              <label key={genre} className="filter-genres__option">
                <input type="checkbox" checked={on} disabled={!on && full} onChange={(e) => toggle(genre, e.target.checked)} />
                {genre}
              </label>
            );
          })}
          {full && <p className="filter-genres__note">Можно выбрать до {MAX_GENRES} жанров</p>}
        </fieldset>
      )}
    </div>
  );
}
