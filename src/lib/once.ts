/** Keeps the first answer of an argument-less loader (and its failure, so a build fails fast). */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => (pending ??= load());
}
