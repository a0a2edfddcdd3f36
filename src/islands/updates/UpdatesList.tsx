/**
 * 'Вы уже можете посмотреть': recent episode updates with date, title and description.
 * 'Показать еще' loads the next 50 and disappears once a page comes back with fewer than 50.
 */
import { useState } from 'react';
import { UPDATES_PAGE_SIZE } from '../../lib/constants.ts';
import { runtime } from '../../lib/directus/runtime.ts';
import { updateView, type UpdateView } from '../../lib/updates.ts';

export default function UpdatesList({ initial, lastPageFull }: { initial: UpdateView[]; lastPageFull: boolean }) {
  const [items, setItems] = useState(initial);
  const [page, setPage] = useState(1);
  const [more, setMore] = useState(lastPageFull);
  const [loading, setLoading] = useState(false);

  const load = async () => {
    setLoading(true);
    try {
      const next = await runtime().getUpdatesPage(page + 1);
      setItems((prev) => [...prev, ...next.items.map((u) => updateView(u))]);
      setPage(page + 1);
      setMore(next.items.length >= UPDATES_PAGE_SIZE);
    } catch (err) {
      console.error(err);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="updates-list">
      <ul>
        {items.map((u) => (
          <li key={u.id} className="update">
            <time className="update__date">{u.date}</time>
            {u.href ? <a className="update__title" href={u.href}>{u.titleName}</a> : <span className="update__title">{u.titleName}</span>}
            <span className="update__description">{u.description}</span>
          </li>
        ))}
      </ul>
      {more && <button type="button" className="show-more" disabled={loading} onClick={() => void load()}>Показать еще</button>}
    </div>
  );
}
