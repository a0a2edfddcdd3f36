/**
 * What editors changed, in words, for the admin app's list of site builds: the backend's hook
 * sends each change with the names of its rows (site-rebuild/src/row-names.ts), the site gathers a
 * build's changes into a tally by what they changed (`tallyChanges`), and the admin app words the
 * tally («изменена дорама «Сон», удалены 3 серии»: `describeTally`).
 */
import { pluralRu, type PluralForms } from './russian-plural.ts';

/** A change as the hook sends it. */
export interface ChangeFacts {
  event: string;
  collection: string;
  keys: (string | number)[];
  /** The titles and people the change is to, when it is a part of one (an episode, a junction row). */
  titles?: number[];
  actors?: number[];
  /** Names of the first rows the change is to, by key (of the title or person, for a junction row). */
  names?: Record<string, string>;
  /** The title an episode, season, segment or soundtrack belongs to. */
  of?: string;
  /** Rows the change is to past `keys`, whose list is cut to keep a request small. */
  more?: number;
}

/** Rows of one collection a build's changes created, changed or deleted. */
export interface Tallied {
  event: string;
  collection: string;
  /** The rows' keys, each once (at most TALLY_KEYS_KEPT). */
  keys: string[];
  /** How many rows, past the keys kept too. */
  count: number;
  names: Record<string, string>;
  of?: string;
}

/** Names kept for each line of a tally: the rest are counted. */
export const NAMES_SHOWN = 3;
const TALLY_KEYS_KEPT = 200;

/** Rows that are a link of a title or person to something: told as a change to that title or person. */
const LINKS_OF = new Set([
  'titles_genres', 'titles_actors', 'titles_directors', 'titles_screenwriters', 'titles_images', 'titles_tags', 'titles_related',
  'soundtracks_files', 'actors_genres', 'actors_images',
]);

/** What a change is a change to: a link row is its title or person changed. */
function subject(c: ChangeFacts): { event: string; collection: string; keys: string[]; more: number } {
  if (LINKS_OF.has(c.collection)) {
    if (c.titles?.length) return { event: 'update', collection: 'titles', keys: c.titles.map(String), more: 0 };
    if (c.actors?.length) return { event: 'update', collection: 'actors', keys: c.actors.map(String), more: 0 };
  }
  return { event: c.event, collection: c.collection, keys: c.keys.map(String), more: c.more ?? 0 };
}

/** Adds changes to a tally in place. */
export function tallyChanges(tally: Tallied[], changes: readonly ChangeFacts[]): Tallied[] {
  for (const change of changes) {
    const { event, collection, keys, more } = subject(change);
    let line = tally.find((t) => t.event === event && t.collection === collection);
    if (!line) tally.push((line = { event, collection, keys: [], count: 0, names: {} }));
    for (const key of keys) {
      if (line.keys.includes(key)) continue;
      if (line.keys.length < TALLY_KEYS_KEPT) line.keys.push(key);
      line.count++;
    }
    // Rows past the keys sent are not known by key: counted as they come.
    line.count += more;
    // A row renamed twice in one build goes by its latest name.
    for (const [key, name] of Object.entries(change.names ?? {})) {
      if (keys.includes(key) && (key in line.names || Object.keys(line.names).length < NAMES_SHOWN)) line.names[key] = name;
    }
    if (change.of && !line.of) line.of = change.of;
  }
  return tally;
}

type Gender = 'm' | 'f' | 'n' | 'pl';

interface Noun {
  gender: Gender;
  forms: PluralForms;
}

const noun = (gender: Gender, ...forms: PluralForms): Noun => ({ gender, forms });

/** A title as editors call it, counted. */
export const TITLE_FORMS: PluralForms = ['дорама', 'дорамы', 'дорам'];

/** Each collection a public page shows, as editors call its rows. */
const NOUNS: Readonly<Record<string, Noun>> = {
  titles: noun('f', ...TITLE_FORMS),
  series: noun('f', 'серия', 'серии', 'серий'),
  iframeSeasons: noun('m', 'сезон', 'сезона', 'сезонов'),
  segments: noun('m', 'отрезок', 'отрезка', 'отрезков'),
  soundtracks: noun('m', 'саундтрек', 'саундтрека', 'саундтреков'),
  soundtracks_files: noun('m', 'трек', 'трека', 'треков'),
  actors: noun('m', 'актёр', 'актёра', 'актёров'),
  categories: noun('f', 'категория', 'категории', 'категорий'),
  subCategories: noun('f', 'подкатегория', 'подкатегории', 'подкатегорий'),
  genres: noun('m', 'жанр', 'жанра', 'жанров'),
  countries: noun('f', 'страна', 'страны', 'стран'),
  tags: noun('m', 'тег', 'тега', 'тегов'),
  mainBanners: noun('m', 'баннер главной', 'баннера главной', 'баннеров главной'),
  updates: noun('n', 'обновление', 'обновления', 'обновлений'),
  static: noun('pl', 'тексты сайта', 'тексты сайта', 'текстов сайта'),
  shop: noun('n', 'украшение профиля', 'украшения профиля', 'украшений профиля'),
  plans: noun('m', 'тариф', 'тарифа', 'тарифов'),
  directus_files: noun('m', 'файл', 'файла', 'файлов'),
};
/** Any other row (a link whose title is gone). */
const ROW = noun('f', 'связь', 'связи', 'связей');

const VERBS: Readonly<Record<string, Record<Gender, string>>> = {
  create: { m: 'добавлен', f: 'добавлена', n: 'добавлено', pl: 'добавлены' },
  update: { m: 'изменён', f: 'изменена', n: 'изменено', pl: 'изменены' },
  delete: { m: 'удалён', f: 'удалена', n: 'удалено', pl: 'удалены' },
};

const quoted = (names: string[]) => names.map((n) => `«${n}»`);

/** «А», «Б» и «В». */
function listed(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} и ${items.at(-1)}`;
}

/** One line: «изменена дорама «Сон»», «удалены 3 серии (дорама «Сон»)», «изменены 12 дорам: «А», «Б», «В» и ещё 9». */
function describeLine(line: Tallied): string {
  const { gender, forms } = NOUNS[line.collection] ?? ROW;
  const verbs = VERBS[line.event] ?? VERBS.update!;
  const names = quoted(line.keys.flatMap((k) => (line.names[k] ? [line.names[k]] : [])).slice(0, NAMES_SHOWN));
  const of = line.of ? ` (дорама «${line.of}»)` : '';
  if (line.count <= 1 || gender === 'pl') {
    const what = names[0] ?? (gender === 'pl' ? '' : `№ ${line.keys[0] ?? '?'}`);
    return `${verbs[gender]} ${forms[0]}${what ? ` ${what}` : ''}${of}`;
  }
  const more = line.count - names.length;
  const tail = names.length ? `: ${more > 0 ? `${names.join(', ')} и ещё ${more}` : listed(names)}` : '';
  // «изменена 21 дорама», «изменены 22 дорамы».
  const counted = pluralRu(line.count, forms);
  return `${counted === forms[0] ? verbs[gender] : verbs.pl} ${line.count} ${counted}${tail}${of}`;
}

/**
 * A build's changes in words, in the order they came; a row created or deleted in the build is not
 * said to be changed as well.
 */
export function describeTally(tally: readonly Tallied[]): string {
  const lines = tally.flatMap((line) => {
    if (line.event !== 'update') return [line];
    const told = new Set(tally.filter((t) => t.collection === line.collection && t.event !== 'update').flatMap((t) => t.keys));
    const keys = line.keys.filter((k) => !told.has(k));
    const count = line.count - (line.keys.length - keys.length);
    return count > 0 ? [{ ...line, keys, count }] : [];
  });
  return lines.map(describeLine).join('; ');
}
