/**
 * The category's alphabetical index (spec section 2): a letter or a typed prefix filters the
 * category's titles by the first letters of their name and is kept in the `q` query parameter;
 * 8 results a page, 'Показать еще' adds 8; clearing resets.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import FilmCard from '../../components/cards/FilmCard.tsx';
import { ALPHABET_GROUPS, alphabetPrefix } from '../../lib/alphabet.ts';
import { cardView } from '../../lib/card.ts';
import { runtime } from '../../lib/directus/runtime.ts';
import { trimSearchInput } from '../../lib/search.ts';
import type { TitleCard } from '../../lib/directus/queries.ts';
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
  const [items, setItems] = useState<TitleCard[]>([]);
  const [total, setTotal] = useState(0);
  const [page, setPage] = useState(1);
  const [loading, setLoading] = useState(false);
  // Typing asks once per key: only the newest question's answer may land.
  const latest = useRef(0);

  const load = useCallback(async (query: string | null, nextPage: number) => {
    const ticket = ++latest.current;
    if (!alphabetPrefix(query)) {
      setItems([]);
      setTotal(0);
      return;
    }
    setLoading(true);
    try {
      const result = await runtime().getAlphabetTitles(categorySlug, query, nextPage);
      if (ticket !== latest.current) return;
      setItems((prev) => (nextPage === 1 ? result.items : [...prev, ...result.items]));
      setTotal(result.total);
      setPage(nextPage);
    } catch (err) {
      console.error(err);
    } finally {
      if (ticket === latest.current) setLoading(false);
    }
  }, [categorySlug]);

  useEffect(() => {
    const initial = new URLSearchParams(window.location.search).get('q');
    if (initial) {
      setQ(initial);
      setTyped(initial);
      void load(initial, 1);
    }
  }, [load]);

  const choose = (value: string | null) => {
    const clean = value ? trimSearchInput(value) || null : null;
    setQ(clean);
    setQuery(clean);
    void load(clean, 1);
  };

  return (
    <section className="alphabet" aria-label="Алфавитный указатель">
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
          <input type="search" value={typed} placeholder="Начало названия"
            onChange={(e) => { setTyped(e.target.value); choose(e.target.value); }} />
        </label>
        {q && <button type="button" onClick={() => { setTyped(''); choose(null); }}>Сбросить</button>}
      </form>
      {q && !loading && items.length === 0 && <p className="alphabet__empty">Ничего не найдено</p>}
      {items.length > 0 && (
        <div className="alphabet__results">
          {items.map((t) => <FilmCard key={t.id} card={cardView(t, 'abc_search')} variant="abc_search" />)}
        </div>
      )}
      {items.length < total && (
        <button type="button" className="show-more" disabled={loading} onClick={() => void load(q, page + 1)}>Показать еще</button>
      )}
    </section>
  );
}
