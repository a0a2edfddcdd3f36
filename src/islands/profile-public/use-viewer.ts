/**
 * Who is looking at the profile: a visitor, or the signed-in person once their own profile
 * has loaded (their id tells their own profile and their own posts apart). The signed-in
 * person's store loads only for them, so a visitor's page fetches nothing more.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $isSignedIn } from '../../stores/session.ts';
import { useHydrated } from '../layout/use-hydrated.ts';

/** `id` is null when the signed-in person's profile could not be read: they may still write. */
export type Viewer = { kind: 'visitor' } | { kind: 'loading' } | { kind: 'person'; id: string | null };

export function useViewer(): Viewer {
  const hydrated = useHydrated();
  const signedIn = useStore($isSignedIn);
  const [me, setMe] = useState<{ id: string | null } | null>(null);

  useEffect(() => {
    setMe(null);
    if (!signedIn) return;
    let stop = () => {};
    let gone = false;
    import('../../stores/me.ts').then(({ $me, $meStatus, loadMe }) => {
      if (gone) return;
      const update = () => {
        const status = $meStatus.get();
        if (status === 'ready' || status === 'error') setMe({ id: $me.get()?.id ?? null });
      };
      const stops = [$me.listen(update), $meStatus.listen(update)];
      stop = () => stops.forEach((s) => s());
      void loadMe().then(update);
    }).catch((err: unknown) => console.error(err));
    return () => {
      gone = true;
      stop();
    };
  }, [signedIn]);

  if (!hydrated) return { kind: 'loading' };
  if (!signedIn) return { kind: 'visitor' };
  return me ? { kind: 'person', id: me.id } : { kind: 'loading' };
}
