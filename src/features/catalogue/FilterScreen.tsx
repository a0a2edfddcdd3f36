/**
 * The category filter screen: four dropdowns (genres, several at once; the
 * filter's years and the category's; country; status), Reset and Find, the order (popular, by rating, by
 * year, newest on the site), results 10 a page, 'Показать еще' appending the next page, and a
 * pager (current ±2, ellipsis, last page) with 'Показано X из Y'. State lives in the URL.
 */
import { useEffect, useId, useRef, useState } from 'react';
import FilmCard from '../../components/cards/FilmCard.tsx';
import { cardView } from '../../lib/card.ts';
import { FILTER_PAGE_SIZE } from '../../lib/constants.ts';
import { RELEASE_STATUSES } from '../../../shared/visitor-rules.ts';
import {
  FILTER_SORTS, SORT_LABELS, parseFilterQuery, resetFilters, toSearchParams, withChosen, yearOptions, type FilterSort, type FilterState,
} from '../../lib/filter-query.ts';
import { GAP, clampPage, pageCount, pageWindow, shownLine } from './pagination.ts';
import { filterHeading } from '../../lib/filter-heading.ts';
import { remoteList } from '../../ui/remote-list.ts';
import ListFooter from '../../ui/ListFooter.tsx';
import { useRemoteList } from '../../ui/use-remote-list.ts';
import { readFilteredPage } from './directus.ts';
import GenrePicker from './GenrePicker.tsx';
import './filter.css';

interface Props {
  routeCategory: string;
  categoryName: string;
  genres: string[];
  countries: string[];
  /** The release years of the category's titles, newest first. */
  years: number[];
}

function writeUrl(state: FilterState, replace = false): void {
  const query = toSearchParams(state).toString();
  const url = `${window.location.pathname}${query ? `?${query}` : ''}`;
  if (replace) window.history.replaceState(null, '', url);
  else window.history.pushState(null, '', url);
}

/** Sets the `content` of a head tag, when the shell has it. */
function setMeta(selector: string, content: string): void {
  document.head.querySelector(selector)?.setAttribute('content', content);
}

/**
 * The page's title, description and heading follow the filters chosen: the shell was built with the
 * whole category's, and search engines that run scripts read these.
 */
function retitle(state: FilterState, categoryName: string): void {
  const heading = filterHeading({ ...state, category: categoryName });
  const title = `${heading.title} — Дорамы онлайн`;
  document.title = title;
  setMeta('meta[name="description"]', heading.description);
  setMeta('meta[property="og:title"]', title);
  setMeta('meta[property="og:description"]', heading.description);
  const h1 = document.getElementById('filter-heading');
  if (h1) h1.textContent = heading.heading;
}

export default function FilterScreen({ routeCategory, categoryName, genres, countries, years }: Props) {
  const [state, setState] = useState<FilterState>(() => parseFilterQuery(new URLSearchParams(), categoryName));
  const [draft, setDraft] = useState<FilterState>(state);
  const [open, setOpen] = useState(true);
  const [results, titles] = useRemoteList(() => remoteList(
    (filters: FilterState, page) => readFilteredPage(filters, page),
    { pageSize: FILTER_PAGE_SIZE },
  ));

  const show = (next: FilterState) => {
    setState(next);
    setDraft(next);
    retitle(next, categoryName);
    void titles.show(next, next.page);
  };

  useEffect(() => {
    const fromUrl = () => show(parseFilterQuery(new URLSearchParams(window.location.search), categoryName));
    fromUrl();
    window.addEventListener('popstate', fromUrl);
    return () => window.removeEventListener('popstate', fromUrl);
    // Once: later changes come from the form, the pager and the history.
  }, []);

  const apply = (next: FilterState) => { writeUrl(next); show(next); };
  /** A new order shows at once, from the first page; choices not yet applied stay in the form. */
  const reorder = (sort: FilterSort) => {
    const next = { ...state, sort, page: 1 };
    writeUrl(next);
    setState(next);
    setDraft({ ...draft, sort });
    retitle(next, categoryName);
    void titles.show(next, 1);
  };
  const showMore = () => {
    const next = { ...state, page: results.page + 1 };
    setState(next);
    writeUrl(next);
    void titles.more();
  };
  const total = results.total;
  // The pager keeps the last count while a page loads: redrawn, it dropped the keyboard's focus from the button pressed.
  const lastTotal = useRef<number | null>(null);
  if (total !== null) lastTotal.current = total;
  const pages = pageCount(total ?? lastTotal.current ?? 0, FILTER_PAGE_SIZE);
  // A page past the last (an old link, a list that shrank) shows the last one rather than nothing.
  useEffect(() => {
    if (results.status !== 'ready' || pages < 1 || state.page <= pages) return;
    const last = { ...state, page: clampPage(state.page, pages) };
    writeUrl(last, true);
    show(last);
  }, [results.status, pages]);
  const set = (patch: Partial<FilterState>) => setDraft({ ...draft, ...patch });
  // Each select is named by its label alone (a label around it would also read out its options).
  const id = useId();
  const select = (key: string, label: string, value: string | number | null, options: readonly (string | number)[], onChange: (v: string | null) => void) => (
    <div className="filter__field">
      <label htmlFor={`${id}-${key}`}>{label}</label>
      <select id={`${id}-${key}`} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
        <option value="">Все</option>
        {options.map((o) => <option key={o} value={o}>{o}</option>)}
      </select>
    </div>
  );

  return (
    <div className="filter" data-route-category={routeCategory}>
      <button type="button" className="filter__toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Скрыть фильтр' : 'Показать фильтр'}
      </button>
      {open && (
        <form className="filter__form" onSubmit={(e) => { e.preventDefault(); apply({ ...draft, page: 1 }); }}>
          <GenrePicker genres={genres} chosen={draft.genres} onChange={(v) => set({ genres: v })} />
          {select('year', 'Год', draft.releaseYear, yearOptions(years, draft.releaseYear), (v) => set({ releaseYear: v ? Number(v) : null }))}
          {select('country', 'Страна', draft.country, withChosen(countries, draft.country), (v) => set({ country: v }))}
          {select('status', 'Статус', draft.releaseStatus, RELEASE_STATUSES, (v) => set({ releaseStatus: v as FilterState['releaseStatus'] }))}
          <div className="filter__buttons">
            <button type="button" className="btn btn--ghost" onClick={() => apply(resetFilters(state))}>Сбросить</button>
            <button type="submit" className="btn">Найти</button>
          </div>
        </form>
      )}

      <div className="filter__bar">
        <div className="filter__sort">
          <label htmlFor={`${id}-sort`}>Сортировка</label>
          <select id={`${id}-sort`} value={state.sort} onChange={(e) => reorder(e.target.value as FilterSort)}>
            {FILTER_SORTS.map((s) => <option key={s} value={s}>{SORT_LABELS[s]}</option>)}
          </select>
        </div>
        {total !== null && <p className="filter__shown" aria-live="polite">{shownLine(results.items.length, total)}</p>}
      </div>
      <div className="filter__grid card-grid">{results.items.map((t) => <FilmCard key={t.id} card={cardView(t, 'filter')} variant="filter" />)}</div>
      <ListFooter state={results} list={titles} empty="Ничего не найдено. Попробуйте изменить условия." onMore={showMore} />
      {pages > 1 && (
        <nav className="pager" aria-label="Страницы">
          {pageWindow(state.page, pages).map((p, i) => p === GAP
            ? <span key={`gap-${i}`} className="pager__gap">{GAP}</span>
            : <button key={p} type="button" aria-current={p === state.page ? 'page' : undefined}
                className={p === state.page ? 'pager__page pager__page--active' : 'pager__page'}
                onClick={() => apply({ ...state, page: p })}>{p}</button>)}
        </nav>
      )}
    </div>
  );
}
