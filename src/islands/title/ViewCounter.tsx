/** Registers a view when the title page opens (spec: "Opening a title registers a view"). Renders nothing. */
import { useEffect } from 'react';
import { runtime } from '../../lib/directus/runtime.ts';

export default function ViewCounter({ titleId }: { titleId: number }) {
  useEffect(() => {
    runtime().countView(titleId).catch((err: unknown) => console.error(err));
  }, [titleId]);
  return null;
}
