/**
 * Under a paged list: loading, a failure with a retry (never shown as 'nothing found'), the empty
 * state, and 'Показать еще' while there is more.
 */
import type { ReactNode } from 'react';
import type { ListState, RemoteList } from './remote-list.ts';

interface Props<T, Q> {
  state: ListState<T>;
  list: RemoteList<T, Q>;
  /** What an empty list says; nothing when the empty case needs no words. */
  empty?: ReactNode;
  /** What a failed load says, before 'Повторить'. */
  failure?: string;
  /** What 'Показать еще' does, when the screen does more than append (the filter screen also updates its address). */
  onMore?: () => void;
}

export default function ListFooter<T, Q>({ state, list, empty, failure = 'Не удалось загрузить.', onMore }: Props<T, Q>) {
  return (
    <>
      {state.status === 'loading' && <p className="list-status" role="status">Загружаем…</p>}
      {state.status === 'error' && (
        <p className="list-status list-status--error" role="alert">
          {failure} <button type="button" className="list-status__retry" onClick={() => void list.retry()}>Повторить</button>
        </p>
      )}
      {state.status === 'ready' && state.items.length === 0 && empty && <p className="list-status">{empty}</p>}
      {/* Not `disabled` while the next page loads: a disabled button drops the keyboard's focus to the page's start. */}
      {state.more && state.status !== 'loading' && state.status !== 'error' && (
        <button type="button" className="show-more needs-js" aria-disabled={state.status === 'loading-more' || undefined}
          onClick={() => { if (state.status !== 'loading-more') (onMore ?? (() => void list.more()))(); }}>
          Показать еще
        </button>
      )}
    </>
  );
}
