/**
 * The episode search's code, loaded the first time a person types in the episode search: most
 * viewers pick an episode from the list and never download it.
 */
import { useEffect, useState } from 'react';
import type { findEpisodes } from './episode-search.ts';

type FindEpisodes = typeof findEpisodes;
type Loaded = { find: FindEpisodes | null; failed: boolean };

let loaded: FindEpisodes | null = null;

/** The search once `wanted` (something is typed) and its code is here; `failed` when it could not load. */
export function useEpisodeSearch(wanted: boolean): Loaded {
  const [state, setState] = useState<Loaded>({ find: loaded, failed: false });
  useEffect(() => {
    if (!wanted || state.find) return;
    let live = true;
    import('./episode-search.ts').then(
      (m) => { loaded = m.findEpisodes; if (live) setState({ find: loaded, failed: false }); },
      (err: unknown) => { console.error(err); if (live) setState({ find: null, failed: true }); },
    );
    return () => { live = false; };
  }, [wanted, state.find]);
  return state;
}
