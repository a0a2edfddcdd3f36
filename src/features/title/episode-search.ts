/**
 * Episode search within the player's list, as people write it: `3`, `серия 3`, `3 серия`, `третья`,
 * `двадцать первая` find episode 3 (or 21) — its name's number, else its place in the list; other
 * text finds names that contain it, case-blind. Apart from the player model, so the visitor's
 * player downloads only this.
 */
type Named = { id: number; name: string };

/** Words that only say "episode". */
const FILLER = /^(?:серия|серию|серии|эпизод|эпизода|episode|ep|е|e|№)$/;

/** Stems of Russian numerals, ordinal and cardinal, longest first so «пятнадцатая» is not «пятая». */
const NUMERALS: [string, number][] = ([
  ['перв', 1], ['один', 1], ['одна', 1], ['втор', 2], ['два', 2], ['две', 2], ['трет', 3], ['три', 3], ['четверт', 4], ['четыр', 4],
  ['пят', 5], ['шест', 6], ['седьм', 7], ['сем', 7], ['восьм', 8], ['восем', 8], ['девят', 9], ['десят', 10],
  ['одиннадцат', 11], ['двенадцат', 12], ['тринадцат', 13], ['четырнадцат', 14], ['пятнадцат', 15], ['шестнадцат', 16],
  ['семнадцат', 17], ['восемнадцат', 18], ['девятнадцат', 19], ['двадцат', 20], ['тридцат', 30], ['сорок', 40], ['пятьдесят', 50],
] as [string, number][]).sort((a, b) => b[0].length - a[0].length);

function numeral(word: string): number | null {
  if (/^\d{1,4}(?:-?[а-я]{1,2})?$/.test(word)) return parseInt(word, 10);
  return NUMERALS.find(([stem]) => word.startsWith(stem))?.[1] ?? null;
}

/** The episode number a query names, or null when it names something else. */
export function episodeNumber(query: string): number | null {
  const words = query.toLowerCase().replaceAll('ё', 'е').split(/[\s,.:;]+/).filter((w) => w && !FILLER.test(w));
  if (!words.length || words.length > 2) return null;
  const values = words.map(numeral);
  if (values.some((v) => v === null)) return null;
  const [a, b] = values as number[];
  // «двадцать первая»: tens and a unit.
  if (b === undefined) return a!;
  return a! % 10 === 0 && a! >= 20 && b < 10 ? a! + b : null;
}

const namesNumber = (name: string, n: number) => new RegExp(`(?:^|\\D)${n}(?:\\D|$)`).test(name);

export function findEpisodes<E extends Named>(episodes: E[], query: string): E[] {
  const q = query.trim().toLowerCase().replaceAll('ё', 'е');
  if (!q) return episodes;
  const n = episodeNumber(q);
  if (n !== null) {
    const named = episodes.filter((e) => namesNumber(e.name, n));
    return named.length ? named : episodes.slice(n - 1, n);
  }
  return episodes.filter((e) => e.name.toLowerCase().replaceAll('ё', 'е').includes(q));
}
