/**
 * A synthetic catalogue as 'Вам может понравиться' reads it (src/lib/related.ts), made in memory with
 * the shapes scripts/synth.ts writes to the database: four categories of uneven size, their
 * subcategories and countries, 2–3 genres and tags each (the first ones commoner), a cast of 4–8
 * from the people of the title's origin, a director and a writer, views spread over five orders of
 * magnitude, a franchise's seasons now and then, and a pinned title rarely.
 */
import type { LikenessRow } from '../../src/lib/related.ts';
import { seededRandom } from './seeded-random.ts';

/** Categories by weight, each with its subcategories and their countries (ids). */
const CATEGORIES: { weight: number; subs: [sub: number, countries: number[]][] }[] = [
  { weight: 50, subs: [[1, [1]], [2, [2, 3]], [3, [4]], [4, [5]]] },
  { weight: 20, subs: [[5, [4]], [6, [4]], [7, [2]]] },
  { weight: 15, subs: [[8, [6]], [9, [7, 8, 9]]] },
  { weight: 15, subs: [[10, [9, 8, 7, 6, 3]], [11, [1]], [12, [2, 5]]] },
];
/** Country → origin, whose people play in its titles. */
const ORIGIN: Record<number, number> = { 1: 0, 2: 1, 3: 1, 5: 1, 4: 2, 6: 3, 7: 3, 8: 3, 9: 3 };
const GENRES = 21;
const TAGS = 30;
const WORDS = ['Сердце', 'Луна', 'Тайна', 'Дракон', 'Император', 'Любовь', 'Звезда', 'Море', 'Весна', 'Ветер', 'Сон', 'Путь', 'Огонь', 'Небо', 'Зеркало', 'Сад'];

export function synthLikenessRows(titles: number, people: number, seed = 7): LikenessRow[] {
  const next = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const distinct = (n: number, count: number, skew: number) => {
    const out = new Set<number>();
    while (out.size < count) out.add(1 + Math.floor(Math.pow(next(), skew) * n));
    return [...out];
  };
  /** People by origin: four equal pools, ids from 1. */
  const pool = Math.max(1, Math.floor(people / 4));
  const person = (origin: number) => 1 + origin * pool + Math.floor(next() * pool);
  const total = CATEGORIES.reduce((s, c) => s + c.weight, 0);
  const rows: LikenessRow[] = [];
  for (let id = 1; id <= titles; id++) {
    let roll = next() * total;
    const catIndex = CATEGORIES.findIndex((c) => (roll -= c.weight) < 0);
    const cat = CATEGORIES[catIndex === -1 ? 0 : catIndex]!;
    const [sub, countries] = pick(cat.subs);
    const country = pick(countries);
    const origin = ORIGIN[country]!;
    // Now and then the next season of an earlier title: the same name with a number, much of its cast.
    const earlier = id > 10 && next() < 0.05 ? rows[int(0, rows.length - 1)] : undefined;
    const name = earlier ? `${earlier.name.replace(/ \d+$/, '')} ${int(2, 4)}` : `${pick(WORDS)} ${pick(WORDS).toLowerCase()} ${id}`;
    const cast = earlier ? (earlier.actors as { actors_id: number }[]).slice(0, 3).map((a) => a.actors_id) : [];
    while (cast.length < int(4, 8)) cast.push(person(origin));
    rows.push({
      id,
      name,
      views: Math.floor(Math.exp(next() * 12)),
      category: { id: (catIndex === -1 ? 0 : catIndex) + 1 },
      subCategory: { id: sub },
      country: { id: country },
      genres: distinct(GENRES, int(2, 3), 1.6).map((g) => ({ genres_id: { id: g } })),
      tags: distinct(TAGS, int(2, 3), 1.4).map((t) => ({ tags_id: { id: t } })),
      actors: [...new Set(cast)].map((a) => ({ actors_id: a })),
      directors: [{ actors_id: person(origin) }],
      screenwriters: [{ actors_id: person(origin) }],
      relatedTitles: id > 1 && next() < 0.01 ? [{ related_titles_id: int(1, id - 1) }] : [],
    });
  }
  return rows;
}
