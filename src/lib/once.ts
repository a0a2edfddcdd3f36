/**
 * Keeps the first result of an argument-less maker: a client made once per page, or a loader's
 * promise (with its failure, so a build fails fast).
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
