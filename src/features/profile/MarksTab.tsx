/**
 * One list of the person's marks (Избранное, Буду смотреть, Смотрел, Смотрю, Не интересно): film
 * cards, newest first, each with a button that takes it off the list at once.
 */
import { useEffect, useState, type ReactNode } from 'react';
import type { MarkType } from '../../../shared/rules.ts';
import FilmCard from '../../components/cards/FilmCard.tsx';
import { cardView } from '../../lib/card.ts';
import { watchedWords } from '../../lib/watched-words.ts';
import { useStore } from '@nanostores/react';
import type { Mark } from './directus.ts';
import type { Me } from '../account/index.ts';
import ListFooter from '../../ui/ListFooter.tsx';
import { useRemoteList } from '../../ui/use-remote-list.ts';
import { CloseIcon } from '../../ui/icons.tsx';
import { useRemoval } from './own-lists.ts';
import { markList, markRemoval, type MarkQuery } from './store.ts';

const CATALOGUE = <a href="/">Перейти к каталогу</a>;

/** What an empty list says, and how it fills. */
const EMPTY: Record<MarkType, ReactNode> = {
  'Избранное': <>В избранном пока пусто. Нажмите на сердечко на странице сериала или фильма, и он появится здесь. {CATALOGUE}</>,
  'Буду смотреть': <>Здесь будут сериалы и фильмы, которые вы отметите «Буду смотреть», чтобы не потерять их. {CATALOGUE}</>,
  'Смотрел': <>Здесь будут сериалы и фильмы, которые вы отметите как просмотренные.</>,
  'Смотрю': <>Здесь будут сериалы и фильмы, которые вы смотрите сейчас: отметьте «Смотрю» на странице сериала или фильма.</>,
  'Не интересно': <>Здесь будут сериалы и фильмы, отмеченные «Не интересно».</>,
};

/** A mark whose title nobody may read any more (taken back to draft or deleted). */
const GONE = 'Сериал или фильм снят с показа';

function MarkCard({ mark, onRemove }: { mark: Mark; onRemove: () => void }) {
  const busy = useStore(markRemoval.of(mark.id).$state).pending;
  return (
    <li className={mark.title ? 'mark' : 'mark mark--gone'} data-mark-id={mark.id}>
      {mark.title ? <FilmCard card={cardView(mark.title, 'favourite')} variant="favourite" /> : <p className="mark__gone">{GONE}</p>}
      {mark.watched && mark.watched.watched > 0 && <p className="mark__watched">{watchedWords(mark.watched.watched, mark.watched.episodes)}</p>}
      <button type="button" className="icon-btn remove-btn" onClick={onRemove} disabled={busy}
        aria-label={mark.title ? `Убрать «${mark.title.name}» из списка «${mark.type}»` : `Убрать из списка «${mark.type}»: ${GONE.toLowerCase()}`} title="Убрать из списка">
        <CloseIcon />
      </button>
    </li>
  );
}

export default function MarksTab({ me, type }: { me: Me; type: MarkType }) {
  const [state, list] = useRemoteList(markList);
  const removal = useRemoval(list, markRemoval);
  const [query] = useState<MarkQuery>({ userId: me.id, type });

  useEffect(() => { void list.show(query); }, [list, query]);

  return (
    <div className="account-list">
      <h2 className="account-pane__title">
        {type}{state.total !== null && <span className="account-pane__count" aria-label={`, всего: ${state.total}`}>{state.total}</span>}
      </h2>
      {removal.problem && <p className="form-error" role="alert">{removal.problem}</p>}
      {state.items.length > 0 && (
        <ul className="card-grid account-grid">
          {state.items.map((m) => <MarkCard key={m.id} mark={m} onRemove={() => removal.remove(m)} />)}
        </ul>
      )}
      <ListFooter state={state} list={list} empty={EMPTY[type]} />
    </div>
  );
}
