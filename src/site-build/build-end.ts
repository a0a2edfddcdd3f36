/**
 * Work a page starts that the build must finish before it ends (saving the catalogue's rows after an
 * edit, say), so it need not wait for it before rendering. The pages' code and the build's
 * integration (integration.ts) are bundled apart, so they meet on a global rather than in a module.
 */
const PENDING = Symbol.for('site.build-end.pending');
type Pending = { [PENDING]?: Promise<unknown>[] };

/** Holds the build open until `work` is done; the build fails if it fails. */
export function finishBeforeBuildEnds(work: Promise<unknown>): void {
  work.catch(() => {});
  ((globalThis as Pending)[PENDING] ??= []).push(work);
}

/** Resolves once every piece of work handed over is done; rejects with the first that failed. */
export async function pendingWorkDone(): Promise<void> {
  const pending = (globalThis as Pending)[PENDING] ?? [];
  delete (globalThis as Pending)[PENDING];
  await Promise.all(pending);
}
