/**
 * 'Не интересно' means it: in a signed-in person's browser, the film cards of titles they marked
 * so leave every list of the page (home blocks, category, tag and filter lists, 'Вам может
 * понравиться', sliders, search results), and a note over each list says how many went and shows
 * them again. The page's HTML stays the one every visitor gets: a style sheet hides the cards,
 * so islands keep their own markup, and notes are placed beside the lists (outside an island
 * that has not hydrated yet, whose markup must stay as built).
 */
import { pluralRu, type PluralForms } from '../../lib/plural.ts';
import { $hiddenTitleIds, $showHiddenTitles, loadHiddenTitles, showHiddenTitles } from './signed-in-store.ts';
import './hide-titles.css';

const LISTS = '.card-grid, .alphabet__results, .search-modal__grid, .card-slider';
/** A list mixes kinds, so the note names none: «Скрыто 2 сериала или фильма». */
const TITLE_FORMS: PluralForms = ['сериал или фильм', 'сериала или фильма', 'сериалов или фильмов'];
const HIDDEN_FORMS: PluralForms = ['Скрыт', 'Скрыто', 'Скрыто'];
const SHOWN_FORMS: PluralForms = ['Показан', 'Показаны', 'Показаны'];

/** The rule hiding the cards, and the slide or list item holding only a card. */
function hidingRule(ids: ReadonlySet<number>): string {
  if (!ids.size) return '';
  const cards = [...ids].map((id) => `.film-card[data-title-id="${id}"]`).join(',');
  return `:is(${cards}), :is(.swiper-slide, li):has(> :is(${cards})) { display: none !important; }`;
}

function noteText(count: number, shown: boolean): string {
  const verb = pluralRu(count, shown ? SHOWN_FORMS : HIDDEN_FORMS);
  return `${verb} ${count} ${pluralRu(count, TITLE_FORMS)} с отметкой «Не интересно».`;
}

function makeNote(): HTMLElement {
  const note = document.createElement('p');
  note.className = 'hidden-note';
  note.setAttribute('role', 'status');
  const text = document.createElement('span');
  const toggle = document.createElement('button');
  toggle.type = 'button';
  toggle.className = 'hidden-note__toggle';
  toggle.addEventListener('click', () => showHiddenTitles(!$showHiddenTitles.get()));
  note.append(text, ' ', toggle);
  return note;
}

/** Writes only what changed: every write is a mutation the observer would see again. */
function fill(note: HTMLElement, count: number, shown: boolean): void {
  const [text, , toggle] = note.childNodes as unknown as [HTMLElement, Text, HTMLButtonElement];
  const wanted = noteText(count, shown);
  const action = shown ? 'Скрыть' : 'Показать';
  if (text.textContent !== wanted) text.textContent = wanted;
  if (toggle.textContent !== action) toggle.textContent = action;
}

/** Before the list, or before its island while the island still has to hydrate. */
function place(note: HTMLElement, list: Element): void {
  const island = list.closest('astro-island');
  const target = island?.hasAttribute('ssr') ? island : list;
  if (note.nextElementSibling !== target) target.before(note);
}

const notes = new Map<Element, HTMLElement>();

function scan(): void {
  const ids = $hiddenTitleIds.get();
  const shown = $showHiddenTitles.get();
  const lists = new Set<Element>();
  for (const list of document.querySelectorAll(LISTS)) {
    const titles = new Set<number>();
    for (const card of list.querySelectorAll<HTMLElement>('.film-card[data-title-id]')) {
      const id = Number(card.dataset.titleId);
      if (ids.has(id)) titles.add(id);
    }
    if (!titles.size) continue;
    lists.add(list);
    const note = notes.get(list) ?? makeNote();
    notes.set(list, note);
    place(note, list);
    fill(note, titles.size, shown);
  }
  for (const [list, note] of notes) {
    if (lists.has(list)) continue;
    note.remove();
    notes.delete(list);
  }
}

let scheduled = false;
function scanSoon(): void {
  if (scheduled) return;
  scheduled = true;
  requestAnimationFrame(() => {
    scheduled = false;
    scan();
  });
}

/** Sliders lay out again without (or with) the hidden slides. */
function relayOutSliders(): void {
  for (const el of document.querySelectorAll('.swiper')) (el as Element & { swiper?: { update(): void } }).swiper?.update();
}

export function startHidingTitles(): void {
  const style = document.createElement('style');
  document.head.append(style);
  const apply = () => {
    const rule = $showHiddenTitles.get() ? '' : hidingRule($hiddenTitleIds.get());
    if (style.textContent === rule) return;
    style.textContent = rule;
    relayOutSliders();
  };
  $hiddenTitleIds.subscribe(() => { apply(); scanSoon(); });
  $showHiddenTitles.listen(() => { apply(); scanSoon(); });
  new MutationObserver(scanSoon).observe(document.body, { childList: true, subtree: true });
  void loadHiddenTitles();
}
