/**
 * The full-screen search (spec section 2): 'Поиск..' with leading whitespace trimmed as typed;
 * 'Найдено:' and the matches when something is typed, otherwise 'Часто ищут:' and the most
 * viewed titles. Choosing a card closes the modal and opens the title.
 */
import { useEffect, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import FilmCard from '../../components/cards/FilmCard.tsx';
import { cardView, type CardView } from '../../lib/card.ts';
import { searchQuery, trimSearchInput } from '../../lib/search.ts';
import { $searchOpen, closeSearch } from '../../stores/ui.ts';
import { SearchIcon } from './icons.tsx';
import Modal from './Modal.tsx';
import { SEARCH_DEBOUNCE_MS, popularTitles, searchTitles } from './search-source.ts';
import './search-modal.css';

type Status = 'idle' | 'loading' | 'done' | 'error';

export default function SearchModal() {
  const open = useStore($searchOpen);
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [cards, setCards] = useState<CardView[]>([]);
  const [status, setStatus] = useState<Status>('idle');
  const typed = searchQuery(text) !== null;

  useEffect(() => {
    if (!open) return;
    let current = true;
    setStatus('loading');
    const run = typed
      ? () => searchTitles(text)
      : () => popularTitles();
    const timer = setTimeout(() => {
      run()
        .then((titles) => {
          if (!current) return;
          setCards(titles.map((t) => cardView(t, 'search')));
          setStatus('done');
        })
        .catch((err: unknown) => {
          if (!current) return;
          console.error(err);
          setCards([]);
          setStatus('error');
        });
    }, typed ? SEARCH_DEBOUNCE_MS : 0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, text, typed]);

  const openTitle = (href: string) => {
    closeSearch();
    window.location.assign(href);
  };

  return (
    <Modal open={open} onClose={closeSearch} title="Поиск" hideTitle kind="full" initialFocus={inputRef} className="search-modal">
      <form className="search-modal__form" role="search" onSubmit={(e) => e.preventDefault()}>
        <span className="search-modal__icon"><SearchIcon /></span>
        <input
          ref={inputRef}
          className="search-modal__input"
          type="search"
          placeholder="Поиск.."
          aria-label="Поиск по названию и описанию"
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(e) => setText(trimSearchInput(e.target.value))}
        />
      </form>
      <section className="search-modal__results" aria-live="polite" aria-busy={status === 'loading'}>
        <h3 className="search-modal__heading">{typed ? 'Найдено:' : 'Часто ищут:'}</h3>
        {status === 'error' && <p className="search-modal__note search-modal__note--error">Не удалось выполнить поиск. Проверьте подключение и попробуйте ещё раз.</p>}
        {status === 'done' && cards.length === 0 && (
          <p className="search-modal__note">{typed ? 'Ничего не найдено. Попробуйте другое название.' : 'Пока здесь пусто.'}</p>
        )}
        {status === 'loading' && cards.length === 0 && <p className="search-modal__note">Ищем…</p>}
        {cards.length > 0 && (
          <ul className={status === 'loading' ? 'search-modal__grid search-modal__grid--stale' : 'search-modal__grid'}>
            {cards.map((card) => (
              <li key={card.id}><FilmCard card={card} variant="search" eager onOpen={openTitle} /></li>
            ))}
          </ul>
        )}
      </section>
    </Modal>
  );
}
