/**
 * Puts the favourite heart into its place on an actor's page (signed-in code only: a visitor's
 * page has the empty place and loads none of this). It goes when the person signs out in
 * another tab.
 */
import { useStore } from '@nanostores/react';
import { createRoot } from 'react-dom/client';
import { $isSignedIn } from '../account/index.ts';
import FavoriteActorHeart from './FavoriteActorHeart.tsx';

function FavoriteActor({ actorId, name }: { actorId: number; name: string }) {
  return useStore($isSignedIn) ? <FavoriteActorHeart actorId={actorId} name={name} /> : null;
}

export function mountFavoriteActor(slot: HTMLElement): void {
  createRoot(slot).render(<FavoriteActor actorId={Number(slot.dataset.actor)} name={slot.dataset.name ?? ''} />);
}
