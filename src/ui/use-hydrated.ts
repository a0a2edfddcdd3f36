/**
 * False on the server and in the first client render, true once mounted. Islands whose output
 * depends on the browser (stored session, stored theme) render the server's version first, so
 * hydration matches, then switch.
 */
import { useEffect, useState } from 'react';

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
