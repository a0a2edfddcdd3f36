/**
 * The favourite heart on an actor's page (spec sections 2 and 4), for signed-in people only: the
 * part that reads and toggles the favourite loads when a signed-in person opens the page.
 */
import { lazy } from 'react';
import { useSignedIn } from '../title/signed-in.ts';
import LazyPart from '../layout/LazyPart.tsx';

const FavoriteActorHeart = lazy(() => import('./FavoriteActorHeart.tsx'));

export default function FavoriteActor({ actorId, name }: { actorId: number; name: string }) {
  return useSignedIn() ? <LazyPart fallback={null}><FavoriteActorHeart actorId={actorId} name={name} /></LazyPart> : null;
}
