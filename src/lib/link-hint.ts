/**
 * Whether a text may hold a link at all (see links.ts): a test cheap enough for a visitor's page,
 * which loads the finder only for a text that passes it.
 */
export const mayHoldLink = (text: string): boolean => /https?:\/\//i.test(text);
