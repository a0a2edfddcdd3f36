/**
 * The category's alphabetical index: a letter or a typed prefix filters the
 * category's titles by the first letters of their name and is kept in the `q` query parameter;
 * 8 results a page, 'Показать еще' adds 8; clearing resets.
 */
import { useEffect, useRef, useState } from 'react';
import FilmCard from '../../components/cards/FilmCard.tsx';
import { ALPHABET_GROUPS, alphabetPrefix } from '../../lib/alphabet.ts';
import { cardView } from '../../lib/card.ts';
import { ALPHABET_PAGE_SIZE } from '../../lib/constants.ts';
import { trimSearchInput } from '../../lib/search.ts';
import { remoteList } from '../../ui/remote-list.ts';
import ListFooter from '../../ui/ListFooter.tsx';
import { useRemoteList } from '../../ui/use-remote-list.ts';
import { readAlphabetPage } from './directus.ts';
import './alphabet.css';

function setQuery(q: string | null): void {
  const url = new URL(window.location.href);
  if (q) url.searchParams.set('q', q);
  else url.searchParams.delete('q');
  window.history.replaceState(null, '', url);
}

export default function AlphabetIndex({ categorySlug }: { categorySlug: string }) {
  const [q, setQ] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const [state, titles] = useRemoteList(() => remoteList(
    (prefix: string, page) => readAlphabetPage(categorySlug, prefix, page),
    { pageSize: ALPHABET_PAGE_SIZE },
  ));

  const show = (query: string | null) => {
    if (query && alphabetPrefix(query)) void titles.show(query);
    else titles.clear();
  };

  useEffect(() => {
    const initial = new URLSearchParams(window.location.search).get('q');
    if (initial) {
      setQ(initial);
      setTyped(initial);
      show(initial);
    }
    // Once, for the address the page was opened with.
  }, []);

  const choose = (value: string | null) => {
    const clean = value ? trimSearchInput(value) || null : null;
    setQ(clean);
    setQuery(clean);
    show(clean);
  };

  return (
    <section className="alphabet needs-js" aria-label="Алфавитный указатель">
      <div className="alphabet__keys">
        {ALPHABET_GROUPS.map((g) => (
          <div key={g.name} className="alphabet__group">
            {g.keys.map((k) => (
              <button key={k} type="button" aria-pressed={q === k}
                className={q === k ? 'alphabet__key alphabet__key--active' : 'alphabet__key'}
                onClick={() => { setTyped(k); choose(k); }}>
                {k}
              </button>
            ))}
          </div>
        ))}
      </div>
      <form className="alphabet__search" role="search" onSubmit={(e) => { e.preventDefault(); choose(typed); }}>
        <label>
          <span className="visually-hidden">Название начинается с</span>
          <input ref={field} type="search" value={typed} placeholder="Начало названия"
            onChange={(e) => { setTyped(e.target.value); choose(e.target.value); }} />
        </label>
        {/* The button goes with what it clears: the keyboard is handed to the box, not to the page's start. */}
        {q && <button type="button" className="btn btn--ghost" onClick={() => { setTyped(''); choose(null); field.current?.focus(); }}>Сбросить</button>}
      </form>
      {state.items.length > 0 && (
        <div className="alphabet__results">
          {state.items.map((t) => <FilmCard key={t.id} card={cardView(t, 'abc_search')} variant="abc_search" />)}
        </div>
      )}
      {q && <ListFooter state={state} list={titles} empty="Ничего не найдено" />}
    </section>
  );
}
