/**
 * The page of every `/together/{code}`: a visitor is asked to sign in and comes back to the room;
 * a signed-in person's room loads its code only for them.
 */
import { lazy } from 'react';
import { useStore } from '@nanostores/react';
import { ROOM_MESSAGES } from '../../../shared/together.ts';
import { $isSignedIn } from '../account/session.ts';
import { loginHref } from '../account/return-path.ts';
import LazyPart from '../../ui/LazyPart.tsx';
import { useHydrated } from '../../ui/use-hydrated.ts';

const RoomScreen = lazy(() => import('./RoomScreen.tsx'));

export default function TogetherPage() {
  const hydrated = useHydrated();
  const signedIn = useStore($isSignedIn);
  if (!hydrated) return <p className="list-status" role="status">Входим в комнату…</p>;
  if (!signedIn) {
    return (
      <div className="room-problem">
        <p>{ROOM_MESSAGES.signIn}</p>
        <a className="btn" href={loginHref(location.pathname)}>Войти</a>
      </div>
    );
  }
  return <LazyPart fallback={<p className="list-status" role="status">Входим в комнату…</p>}><RoomScreen /></LazyPart>;
}
