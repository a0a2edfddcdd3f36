/** An island's own paged list (remote-list.ts), made once per mount and read as state. */
import { useState } from 'react';
import { useStore } from '@nanostores/react';
import type { ListState, RemoteList } from './remote-list.ts';

export function useRemoteList<T, Q>(make: () => RemoteList<T, Q>): [ListState<T>, RemoteList<T, Q>] {
  const [list] = useState(make);
  return [useStore(list.$state), list];
}
