/**
 * 'Вы уже можете посмотреть': recent episode updates with date, title and description.
 * 'Показать еще' loads the next 50 and disappears once a page comes back with fewer than 50.
 */
import { UPDATES_PAGE_SIZE } from '../../lib/constants.ts';
import type { UpdateView } from '../../lib/updates.ts';
import { remoteList } from '../../ui/remote-list.ts';
import ListFooter from '../../ui/ListFooter.tsx';
import { useRemoteList } from '../../ui/use-remote-list.ts';
import { readUpdatesPage } from './directus.ts';

export default function UpdatesList({ initial, lastPageFull }: { initial: UpdateView[]; lastPageFull: boolean }) {
  const [state, pages] = useRemoteList(() => remoteList(
    // More while a page comes back full, whatever the total says.
    (_: null, page) => readUpdatesPage(page),
    { pageSize: UPDATES_PAGE_SIZE, initial: { query: null, items: initial, more: lastPageFull } },
  ));

  return (
    <div className="updates-list">
      <ul>
        {state.items.map((u) => (
          <li key={u.id} className="update">
            <time className="update__date">{u.date}</time>
            {u.href ? <a className="update__title" href={u.href}>{u.titleName}</a> : <span className="update__title">{u.titleName}</span>}
            <span className="update__description">{u.description}</span>
          </li>
        ))}
      </ul>
      <ListFooter state={state} list={pages} />
    </div>
  );
}
