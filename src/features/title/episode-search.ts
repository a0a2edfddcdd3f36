/**
 * Episode search within the player's list, as people write it: `3`, `серия 3`, `3 серия`, `третья`,
 * `двадцать первая`, `сто двенадцатая` find that episode — its name's number, else its place in the
 * list; other text finds names that contain it, case-blind. Loaded when a person first types a search
 * (episode-search-loader.ts), so a visitor who never searches downloads none of it.
 */
type Named = { id: number; name: string };

/** Words that only say "episode". */
const FILLER = /^(?:серия|серию|серии|эпизод|эпизода|episode|ep|е|e|№)$/;

/** Stems of Russian numerals, ordinal and cardinal, up to the hundreds; the longest that fits wins. */
const NUMERALS: [string, number][] = ([
  ['перв', 1], ['один', 1], ['одн', 1], ['втор', 2], ['два', 2], ['две', 2], ['трет', 3], ['три', 3], ['четверт', 4], ['четыр', 4],
  ['пят', 5], ['шест', 6], ['седьм', 7], ['сем', 7], ['восьм', 8], ['восем', 8], ['девят', 9], ['десят', 10],
  ['одиннадцат', 11], ['двенадцат', 12], ['тринадцат', 13], ['четырнадцат', 14], ['пятнадцат', 15], ['шестнадцат', 16],
  ['семнадцат', 17], ['восемнадцат', 18], ['девятнадцат', 19], ['двадцат', 20], ['тридцат', 30], ['сорок', 40], ['сороков', 40],
  ['пятьдесят', 50], ['пятидесят', 50], ['шестьдесят', 60], ['шестидесят', 60], ['семьдесят', 70], ['семидесят', 70],
  ['восемьдесят', 80], ['восьмидесят', 80], ['девяност', 90], ['сто', 100], ['сот', 100], ['двест', 200], ['двухсот', 200],
  ['трист', 300], ['трехсот', 300], ['четырест', 400], ['четырехсот', 400], ['пятьсот', 500], ['пятисот', 500],
  ['шестьсот', 600], ['шестисот', 600], ['семьсот', 700], ['семисот', 700], ['восемьсот', 800], ['восьмисот', 800],
  ['девятьсот', 900], ['девятисот', 900],
] as [string, number][]).sort((a, b) => b[0].length - a[0].length);

/** What may follow a numeral's stem: its case and gender endings, and nothing else («пятница», «семья» are no numbers). */
const ENDING = /^(?:|ь|ый|ий|ой|ая|ое|ую|ого|ому|ом|ые|ых|а|и|о|е|у)$/;
/** «третья», «третьего»: the one stem whose endings begin with a soft sign. */
const THIRD_ENDING = /^ь(?:я|е|ю|и|его|ей|ему|им)$/;
const fits = (stem: string, rest: string) => (stem === 'трет' ? THIRD_ENDING : ENDING).test(rest);

function numeral(word: string): number | null {
  if (/^\d{1,4}(?:-?[а-я]{1,2})?$/.test(word)) return parseInt(word, 10);
  return NUMERALS.find(([stem]) => word.startsWith(stem) && fits(stem, word.slice(stem.length)))?.[1] ?? null;
}

/** The place a numeral holds in a compound one: hundreds, tens, or the last word (a unit or a teen). */
const place = (n: number) => (n >= 100 && n % 100 === 0 ? 100 : n >= 20 && n % 10 === 0 ? 10 : 1);

/** The episode number a query names, or null when it names something else. */
export function episodeNumber(query: string): number | null {
  const words = query.toLowerCase().replaceAll('ё', 'е').split(/[\s,.:;]+/).filter((w) => w && !FILLER.test(w));
  if (!words.length || words.length > 3) return null;
  const values = words.map(numeral);
  if (values.some((v) => v === null)) return null;
  // «сто двадцать первая»: each word below the place of the one before it.
  let total = 0;
  let below = Infinity;
  for (const v of values as number[]) {
    if (v >= below) return null;
    total += v;
    below = place(v);
  }
  return total;
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
