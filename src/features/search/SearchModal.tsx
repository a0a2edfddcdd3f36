/**
 * The full-screen search: 'Поиск..' with leading whitespace trimmed as typed. The
 * box is in every page's frame; what finds and shows the results loads on the first opening.
 */
import { lazy, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { trimSearchInput } from '../../lib/search.ts';
import { $searchOpen, $searchText, closeSearch } from '../frame/index.ts';
import { SearchIcon } from '../../ui/icons.tsx';
import LazyPart from '../../ui/LazyPart.tsx';
import Modal from '../../ui/Modal.tsx';
import './search-modal.css';

const SearchResults = lazy(() => import('./SearchResults.tsx'));

export default function SearchModal() {
  const open = useStore($searchOpen);
  const text = useStore($searchText);
  const inputRef = useRef<HTMLInputElement>(null);

  return (
    <Modal open={open} onClose={closeSearch} title="Поиск" hideTitle kind="full" initialFocus={inputRef} className="search-modal">
      <form className="search-modal__form" role="search" onSubmit={(e) => e.preventDefault()}>
        <span className="search-modal__icon"><SearchIcon /></span>
        <input
          ref={inputRef}
          className="search-modal__input"
          type="search"
          placeholder="Поиск.."
          aria-label="Поиск по названию, описанию и людям"
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          onChange={(e) => $searchText.set(trimSearchInput(e.target.value))}
        />
      </form>
      <LazyPart fallback={<p className="search-modal__note">Ищем…</p>}>
        <SearchResults />
      </LazyPart>
    </Modal>
  );
}
