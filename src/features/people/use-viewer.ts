/**
 * Who is looking at the profile: a visitor, or the signed-in person once their own profile
 * has loaded (their id tells their own profile and their own posts apart). The signed-in
 * person's store loads only for them, so a visitor's page fetches nothing more.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $isSignedIn } from '../account/session.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';

export type Viewer =
  | { kind: 'visitor' }
  | { kind: 'loading' }
  | { kind: 'person'; id: string }
  /** Signed in, but their own profile could not be read: whose profile this is stays open until `retry` reads it. */
  | { kind: 'unknown'; retry(): void };

type Known = { id: string } | { retry(): void } | null;

export function useViewer(): Viewer {
  const hydrated = useHydrated();
  const signedIn = useStore($isSignedIn);
  const [known, setKnown] = useState<Known>(null);

  useEffect(() => {
    setKnown(null);
    if (!signedIn) return;
    let stop = () => {};
    let gone = false;
    import('./signed-in-viewer.ts').then(({ $me, $meStatus, loadMe }) => {
      if (gone) return;
      const retry = () => void loadMe({ force: true });
      const update = () => {
        const me = $me.get();
        const status = $meStatus.get();
        if (status === 'ready' && me) setKnown({ id: me.id });
        else if (status === 'error') setKnown({ retry });
        else setKnown(null);
      };
      const stops = [$me.listen(update), $meStatus.listen(update)];
      stop = () => stops.forEach((s) => s());
      void loadMe().then(update);
    }).catch((err: unknown) => {
      // The store's own code did not load: only loading the page again can bring it.
      console.error(err);
      if (!gone) setKnown({ retry: () => location.reload() });
    });
    return () => {
      gone = true;
      stop();
    };
  }, [signedIn]);

  if (!hydrated) return { kind: 'loading' };
  if (!signedIn) return { kind: 'visitor' };
  if (!known) return { kind: 'loading' };
  return 'id' in known ? { kind: 'person', id: known.id } : { kind: 'unknown', retry: known.retry };
}
