/**
 * The search modal's results: 'Найдено:' with the people found (photo, names, their page) and the
 * titles when something is typed, otherwise 'Часто ищут:'. When a forgiving reading found them, it
 * says what the query was understood as. Choosing a title closes the modal and opens it.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import FilmCard from '../../components/cards/FilmCard.tsx';
import { $search, NO_ANSWER, openedFromSearch, searchFor } from './store.ts';
import { $searchOpen, $searchText, closeSearch } from '../frame/index.ts';

export default function SearchResults() {
  const open = useStore($searchOpen);
  const text = useStore($searchText);
  const { status, typed, titles, people, understood, problem } = useStore($search);

  useEffect(() => {
    if (open) searchFor(text);
  }, [open, text]);

  const openTitle = (id: number, href: string) => {
    closeSearch();
    void openedFromSearch(id).then(() => window.location.assign(href));
  };
  const nothing = status === 'done' && !titles.length && !people.length;

  return (
    <section className="search-modal__results" aria-live="polite" aria-busy={status === 'loading'}>
      <h3 className="search-modal__heading">{typed ? 'Найдено:' : 'Часто ищут:'}</h3>
      {status === 'error' && (
        <p className="search-modal__note search-modal__note--error" role="alert">
          {problem}
          {problem === NO_ANSWER && <button type="button" className="list-status__retry" onClick={() => searchFor(text)}>Повторить</button>}
        </p>
      )}
      {nothing && <p className="search-modal__note">{typed ? 'Ничего не найдено. Попробуйте другое название.' : 'Пока здесь пусто.'}</p>}
      {status === 'loading' && !titles.length && !people.length && <p className="search-modal__note">Ищем…</p>}
      {understood && status !== 'error' && (
        <p className="search-modal__note search-modal__understood">Показаны результаты по запросу «{understood}»</p>
      )}
      {people.length > 0 && (
        <ul className="search-modal__people" aria-label="Актёры и создатели">
          {people.map((p) => (
            <li key={p.id}>
              <a className="search-person" href={p.href}>
                <img className="search-person__photo" src={p.photo} alt="" width={56} height={56} loading="lazy" decoding="async" />
                <span className="search-person__names">
                  <span className="search-person__name">{p.name}</span>
                  {p.otherName && <span className="search-person__other">{p.otherName}</span>}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {titles.length > 0 && (
        <ul className={status === 'loading' ? 'search-modal__grid search-modal__grid--stale' : 'search-modal__grid'}>
          {titles.map((card) => (
            <li key={card.id}><FilmCard card={card} variant="search" eager onOpen={(href) => openTitle(card.id, href)} /></li>
          ))}
        </ul>
      )}
    </section>
  );
}
