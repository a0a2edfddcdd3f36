/** Избранные актёры: actor cards linking to their pages, each with a button that takes it off the list. */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { avatarUrl } from '../../lib/assets.ts';
import type { FavoriteActorRow } from './directus.ts';
import type { Me } from '../account/index.ts';
import ListFooter from '../../ui/ListFooter.tsx';
import { useRemoteList } from '../../ui/use-remote-list.ts';
import { CloseIcon } from '../../ui/icons.tsx';
import { useRemoval } from './own-lists.ts';
import { actorOf, favoriteActorList, favoriteActorRemoval } from './store.ts';

/** The words for an empty list. */
const EMPTY = 'Нет любимых актеров';

function ActorCard({ row, onRemove }: { row: FavoriteActorRow; onRemove: () => void }) {
  const busy = useStore(favoriteActorRemoval.of(row.id).$state).pending;
  const actor = actorOf(row);
  const name = actor?.nameRu ?? 'Актёр';
  return (
    <li className="actor-card" data-favorite-id={row.id}>
      {actor ? (
        <a className="actor-card__link" href={`/actors/${encodeURIComponent(actor.slug)}`}>
          {/* Named by the text beside it in the same link, so the photo is not announced again. */}
          <img className="actor-card__photo" src={avatarUrl(actor.avatar)} alt="" width={160} height={160} loading="lazy" />
          <span className="actor-card__ru">{actor.nameRu}</span>
          {actor.nameEn && <span className="actor-card__en">{actor.nameEn}</span>}
        </a>
      ) : <p className="mark__gone">{name}</p>}
      <button type="button" className="icon-btn remove-btn" onClick={onRemove} disabled={busy}
        aria-label={`Убрать «${name}» из избранных актёров`} title="Убрать из избранных">
        <CloseIcon />
      </button>
    </li>
  );
}

export default function FavoriteActorsTab({ me }: { me: Me }) {
  const [state, list] = useRemoteList(favoriteActorList);
  const removal = useRemoval(list, favoriteActorRemoval);
  const [userId] = useState(me.id);

  useEffect(() => { void list.show(userId); }, [list, userId]);

  return (
    <div className="account-list">
      <h2 className="account-pane__title">
        Избранные актёры{state.total !== null && <span className="account-pane__count" aria-label={`, всего: ${state.total}`}>{state.total}</span>}
      </h2>
      {removal.problem && <p className="form-error" role="alert">{removal.problem}</p>}
      {state.items.length > 0 && (
        <ul className="actor-grid">
          {state.items.map((row) => <ActorCard key={row.id} row={row} onRemove={() => removal.remove(row)} />)}
        </ul>
      )}
      <ListFooter state={state} list={list} empty={EMPTY} />
    </div>
  );
}
