/**
 * Who is on the title page, and what only a signed-in person loads. The server renders every
 * page as a visitor sees it, so the first client render must too; the signed-in parts follow.
 * Those parts come in one chunk, fetched once and only for a signed-in person.
 */
import { lazy } from 'react';
import { useStore } from '@nanostores/react';
import { $isSignedIn } from '../account/session.ts';
import { useHydrated } from '../../ui/use-hydrated.ts';

/** True once the island is mounted in the browser of a signed-in person. */
export function useSignedIn(): boolean {
  const signedIn = useStore($isSignedIn);
  return useHydrated() && signedIn;
}

const signedInParts = () => import('./SignedInParts.tsx');
type Parts = Awaited<ReturnType<typeof signedInParts>>;

/** One of the signed-in parts as a lazy component (render it inside Suspense). */
export const signedInPart = <K extends 'BannerActions' | 'ReviewBoard' | 'PlayerParts'>(name: K) =>
  lazy(() => signedInParts().then((parts: Parts) => ({ default: parts[name] })));
