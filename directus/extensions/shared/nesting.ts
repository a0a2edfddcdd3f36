/**
 * Nesting limits. Directus walks filters and payloads recursively, so a value nested thousands
 * of levels deep overflows its stack and answers 500; no screen sends more than a dozen levels.
 */
export const MAX_NESTING = 32;

export const TOO_DEEP = `Слишком глубокая вложенность запроса (больше ${MAX_NESTING} уровней)`;

/** True when objects or arrays nest more than `max` levels; walks without recursion. */
export function nestsDeeperThan(value: unknown, max = MAX_NESTING): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
