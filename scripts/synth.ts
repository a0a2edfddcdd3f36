/**
 * Synthetic catalogue for benchmarks: fills a running Directus with N titles and M actors
 * (10,000 and 30,000 by default), the categories, subcategories, genres, countries and tags they
 * link to, episodes, users and comments. Names and texts are generated from Russian words and
 * Asian-name syllables, reproducibly from a seed.
 *
 * Small lookups and users always go through the REST API (so the backend's rules see them). The
 * bulk rows go straight to the same database through knex when it is reachable (`via: 'db'`,
 * about 10 s for the defaults) or through the REST API in batches (`via: 'rest'`, several
 * minutes). Direct rows carry what the backend's hooks would add: the folded `searchText`.
 *
 *   node scripts/synth.ts                       start Directus on DATA_DIR (.data) with the local .env, fill it, stop
 *   node scripts/synth.ts --url http://127.0.0.1:8055 --email a@b.c --password ... [--data-dir .data]
 *   options: --titles 10000 --actors 30000 --comments <per title, default 3> --users 60 --seed 1 --via db|rest
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { parseArgs } from 'node:util';
import knex, { type Knex } from 'knex';
import { AdminApi } from '../directus/apply/admin-api.ts';
import { seededRandom } from './lib/seeded-random.ts';
import { CATEGORY_NAMES } from '../src/lib/constants.ts';
import { AGE_RATINGS, RELEASE_STATUSES, ROLES } from '../shared/rules.ts';
import { normaliseSearch } from '../shared/search-text.ts';
import { personSearchKeys, titleIndexFields } from '../shared/search-variants.ts';

// ------------------------------------------------------------------ randomness

class Dice {
  next: () => number;
  constructor(seed: number) {
    this.next = seededRandom(seed);
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.next() * list.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** `count` distinct items, earlier items of `list` more likely when `skew` > 1. */
  distinct<T>(list: readonly T[], count: number, skew = 1): T[] {
    const out = new Set<T>();
    const n = Math.min(count, list.length);
    while (out.size < n) out.add(list[Math.floor(Math.pow(this.next(), skew) * list.length)]);
    return [...out];
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    const total = entries.reduce((s, [, w]) => s + w, 0);
    let r = this.next() * total;
    for (const [v, w] of entries) if ((r -= w) < 0) return v;
    return entries[entries.length - 1][0];
  }
}

// ------------------------------------------------------------------ vocabulary

const TRANSLIT: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n',
  о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sch', ъ: '', ы: 'y', ь: '',
  э: 'e', ю: 'yu', я: 'ya',
};

export function slugify(text: string, max = 80): string {
  const latin = [...text.toLowerCase()].map((c) => TRANSLIT[c] ?? c).join('');
  return latin.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, max).replace(/-+$/, '') || 'x';
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

type Origin = 'ko' | 'zh' | 'ja' | 'th';
type Pair = readonly [string, string];

const KO_FAMILY: Pair[] = [['Ким', 'Kim'], ['Ли', 'Lee'], ['Пак', 'Park'], ['Чхве', 'Choi'], ['Чон', 'Jung'], ['Кан', 'Kang'], ['Юн', 'Yoon'], ['Хан', 'Han'], ['Со', 'Seo'], ['Сон', 'Song'], ['Чан', 'Jang'], ['Им', 'Lim'], ['О', 'Oh'], ['Шин', 'Shin'], ['Ку', 'Koo'], ['Нам', 'Nam'], ['Ю', 'Yoo'], ['Пэ', 'Bae']];
const KO_GIVEN: Pair[] = [['Мин', 'Min'], ['Джи', 'Ji'], ['Хо', 'Ho'], ['Су', 'Soo'], ['Ён', 'Young'], ['Хён', 'Hyun'], ['Ын', 'Eun'], ['Ха', 'Ha'], ['Чжун', 'Jun'], ['Со', 'So'], ['Ин', 'In'], ['Вон', 'Won'], ['Бин', 'Bin'], ['Джэ', 'Jae'], ['Сок', 'Seok'], ['У', 'Woo'], ['На', 'Na'], ['Ри', 'Ri'], ['Ён', 'Yeon'], ['Гю', 'Gyu'], ['Хе', 'Hye'], ['Тэ', 'Tae'], ['Сын', 'Seung'], ['Ёль', 'Yeol'], ['Ми', 'Mi']];
const ZH_FAMILY: Pair[] = [['Ван', 'Wang'], ['Ли', 'Li'], ['Чжан', 'Zhang'], ['Лю', 'Liu'], ['Чэнь', 'Chen'], ['Ян', 'Yang'], ['Чжао', 'Zhao'], ['Хуан', 'Huang'], ['Чжоу', 'Zhou'], ['У', 'Wu'], ['Сюй', 'Xu'], ['Сунь', 'Sun'], ['Ху', 'Hu'], ['Чжу', 'Zhu'], ['Гао', 'Gao'], ['Дэн', 'Deng'], ['Сяо', 'Xiao'], ['Тан', 'Tang']];
const ZH_GIVEN: Pair[] = [['И', 'yi'], ['Бо', 'bo'], ['Сяо', 'xiao'], ['Цзин', 'jing'], ['Мэй', 'mei'], ['Хуэй', 'hui'], ['Лин', 'ling'], ['Вэй', 'wei'], ['Тин', 'ting'], ['Юй', 'yu'], ['Чэн', 'cheng'], ['Жуй', 'rui'], ['Фэй', 'fei'], ['Шань', 'shan'], ['Цин', 'qing'], ['Кай', 'kai'], ['Хань', 'han'], ['Лу', 'lu'], ['Сюнь', 'xun'], ['Янь', 'yan']];
const JA_FAMILY: Pair[] = [['Ямада', 'Yamada'], ['Сато', 'Sato'], ['Судзуки', 'Suzuki'], ['Такахаси', 'Takahashi'], ['Танака', 'Tanaka'], ['Ито', 'Ito'], ['Ватанабэ', 'Watanabe'], ['Накамура', 'Nakamura'], ['Кобаяси', 'Kobayashi'], ['Като', 'Kato'], ['Мацумото', 'Matsumoto'], ['Иноуэ', 'Inoue'], ['Кимура', 'Kimura'], ['Хаяси', 'Hayashi'], ['Сайто', 'Saito'], ['Огава', 'Ogawa'], ['Окада', 'Okada'], ['Исикава', 'Ishikawa']];
const JA_START: Pair[] = [['Ка', 'Ka'], ['Ки', 'Ki'], ['Кэн', 'Ken'], ['Ми', 'Mi'], ['Ю', 'Yu'], ['Ко', 'Ko'], ['Ха', 'Ha'], ['Ру', 'Ru'], ['На', 'Na'], ['Ри', 'Ri'], ['Та', 'Ta'], ['Са', 'Sa'], ['Хи', 'Hi'], ['Ё', 'Yo'], ['Сё', 'Sho'], ['Дай', 'Dai'], ['Аки', 'Aki'], ['Хару', 'Haru']];
const JA_END: Pair[] = [['ко', 'ko'], ['ми', 'mi'], ['то', 'to'], ['ки', 'ki'], ['на', 'na'], ['я', 'ya'], ['хиро', 'hiro'], ['сукэ', 'suke'], ['ка', 'ka'], ['тэ', 'te'], ['ри', 'ri'], ['си', 'shi']];
const TH_SYL: Pair[] = [['На', 'Na'], ['Ча', 'Cha'], ['Вин', 'win'], ['Понг', 'pong'], ['Сак', 'sak'], ['Тха', 'tha'], ['Нон', 'non'], ['Кит', 'kit'], ['При', 'pri'], ['Ма', 'ma'], ['Ри', 'ri'], ['Та', 'ta'], ['Пат', 'pat'], ['Си', 'si'], ['Ван', 'wan'], ['Чай', 'chai'], ['Ну', 'nu'], ['Пим', 'pim'], ['Ком', 'kom'], ['Сри', 'sri']];

const CITIES: Record<Origin, string[]> = {
  ko: ['Сеул', 'Пусан', 'Инчхон', 'Тэгу', 'Кванджу', 'Тэджон', 'Чеджу', 'Сувон'],
  zh: ['Пекин', 'Шанхай', 'Ханчжоу', 'Чэнду', 'Гуанчжоу', 'Тайбэй', 'Гонконг', 'Сиань', 'Нанкин'],
  ja: ['Токио', 'Осака', 'Киото', 'Саппоро', 'Нагоя', 'Фукуока', 'Иокогама', 'Кобе'],
  th: ['Бангкок', 'Чиангмай', 'Паттайя', 'Манила', 'Ханой', 'Джакарта', 'Пхукет', 'Себу'],
};

export function personName(d: Dice, origin: Origin): { ru: string; en: string } {
  switch (origin) {
    case 'ko': {
      const f = d.pick(KO_FAMILY), a = d.pick(KO_GIVEN), b = d.pick(KO_GIVEN);
      return { ru: `${f[0]} ${a[0]} ${b[0]}`, en: `${f[1]} ${a[1]} ${b[1]}` };
    }
    case 'zh': {
      const f = d.pick(ZH_FAMILY), a = d.pick(ZH_GIVEN), b = d.pick(ZH_GIVEN);
      return { ru: `${f[0]} ${a[0]}${b[0].toLowerCase()}`, en: `${f[1]} ${capital(a[1])}${b[1]}` };
    }
    case 'ja': {
      const f = d.pick(JA_FAMILY), a = d.pick(JA_START), b = d.pick(JA_END);
      return { ru: `${a[0]}${b[0]} ${f[0]}`, en: `${a[1]}${b[1]} ${f[1]}` };
    }
    case 'th': {
      const g = [d.pick(TH_SYL), d.pick(TH_SYL)], s = [d.pick(TH_SYL), d.pick(TH_SYL), d.pick(TH_SYL)];
      const ru = (p: Pair[]) => capital(p.map((x) => x[0].toLowerCase()).join(''));
      const en = (p: Pair[]) => capital(p.map((x) => x[1].toLowerCase()).join(''));
      return { ru: `${ru(g)} ${ru(s)}`, en: `${en(g)} ${en(s)}` };
    }
  }
}

/** Nouns with gender and genitive, adjectives in three genders: enough for natural-sounding titles. */
type Noun = readonly [string, 'm' | 'f' | 'n', string];
const NOUNS: Noun[] = [
  ['любовь', 'f', 'любви'], ['сердце', 'n', 'сердца'], ['город', 'm', 'города'], ['луна', 'f', 'луны'], ['дракон', 'm', 'дракона'],
  ['весна', 'f', 'весны'], ['тайна', 'f', 'тайны'], ['принц', 'm', 'принца'], ['королева', 'f', 'королевы'], ['дом', 'm', 'дома'],
  ['звезда', 'f', 'звезды'], ['судьба', 'f', 'судьбы'], ['море', 'n', 'моря'], ['ветер', 'm', 'ветра'], ['сон', 'm', 'сна'],
  ['дворец', 'm', 'дворца'], ['лето', 'n', 'лета'], ['клятва', 'f', 'клятвы'], ['легенда', 'f', 'легенды'], ['небо', 'n', 'неба'],
  ['обещание', 'n', 'обещания'], ['невеста', 'f', 'невесты'], ['империя', 'f', 'империи'], ['тень', 'f', 'тени'], ['мечта', 'f', 'мечты'],
  ['путь', 'm', 'пути'], ['остров', 'm', 'острова'], ['цветок', 'm', 'цветка'], ['песня', 'f', 'песни'], ['ночь', 'f', 'ночи'],
  ['наследник', 'm', 'наследника'], ['врач', 'm', 'врача'], ['детектив', 'm', 'детектива'], ['школа', 'f', 'школы'], ['кухня', 'f', 'кухни'],
  ['жених', 'm', 'жениха'], ['император', 'm', 'императора'], ['ёлка', 'f', 'ёлки'], ['клинок', 'm', 'клинка'], ['зеркало', 'n', 'зеркала'],
];
const ADJECTIVES: (readonly [string, string, string])[] = [
  ['тайный', 'тайная', 'тайное'], ['вечный', 'вечная', 'вечное'], ['последний', 'последняя', 'последнее'], ['алый', 'алая', 'алое'],
  ['холодный', 'холодная', 'холодное'], ['небесный', 'небесная', 'небесное'], ['запретный', 'запретная', 'запретное'],
  ['потерянный', 'потерянная', 'потерянное'], ['весенний', 'весенняя', 'весеннее'], ['лунный', 'лунная', 'лунное'],
  ['золотой', 'золотая', 'золотое'], ['далёкий', 'далёкая', 'далёкое'], ['случайный', 'случайная', 'случайное'],
  ['идеальный', 'идеальная', 'идеальное'], ['безумный', 'безумная', 'безумное'], ['нежный', 'нежная', 'нежное'],
  ['странный', 'странная', 'странное'], ['королевский', 'королевская', 'королевское'], ['ночной', 'ночная', 'ночное'],
  ['зелёный', 'зелёная', 'зелёное'], ['второй', 'вторая', 'второе'], ['опасный', 'опасная', 'опасное'],
];
const adjFor = (a: readonly [string, string, string], n: Noun) => a[n[1] === 'm' ? 0 : n[1] === 'f' ? 1 : 2];

const ROMAN: string[] = ['sarang', 'bimil', 'haneul', 'byeol', 'dal', 'kkum', 'yeong', 'won', 'maeum', 'gil', 'bom', 'yeoreum', 'ai', 'hana', 'yume', 'tsuki', 'sora', 'kaze', 'meng', 'tian', 'xing', 'yue', 'rak', 'chan', 'fah'];

function titleName(d: Dice): string {
  const n1 = d.pick(NOUNS), n2 = d.pick(NOUNS), a = d.pick(ADJECTIVES);
  const proper = () => personName(d, d.pick(['ko', 'zh', 'ja', 'th'] as const)).ru.split(' ')[0];
  const base = d.weighted<() => string>([
    [() => `${capital(adjFor(a, n1))} ${n1[0]}`, 4],
    [() => `${capital(n1[0])} ${n2[2]}`, 3],
    [() => `${capital(adjFor(a, n1))} ${n1[0]} ${n2[2]}`, 2],
    [() => `${capital(n1[0])} и ${n2[0]}`, 1],
    [() => `${capital(n1[0])} ${proper()}`, 1],
  ])();
  return d.chance(0.08) ? `${base} ${d.int(2, 4)}` : base;
}

const PROFESSIONS = ['молодой врач', 'наследница корпорации', 'начинающий прокурор', 'уличный музыкант', 'бывший агент', 'шеф-повар', 'школьная учительница', 'принц-изгнанник', 'талантливая сценаристка', 'следователь', 'айдол', 'дочь министра'];
const TWISTS = ['случайно узнаёт чужую тайну', 'теряет память после аварии', 'заключает фиктивный брак', 'просыпается на десять лет раньше', 'получает письмо из прошлого', 'оказывается в теле другого человека', 'находит старый дневник', 'встречает первую любовь'];
const TURNS = ['всё меняется', 'прошлое напоминает о себе', 'в дело вмешивается семья', 'на пороге появляется незнакомец', 'начинается расследование', 'правда выходит наружу'];
const ENDINGS = ['Им предстоит понять, чего стоит доверие.', 'Теперь ему придётся выбирать между долгом и сердцем.', 'Любовь, месть и дружба переплетаются в одну историю.', 'Каждый шаг приближает героев к разгадке.', 'Смогут ли они остаться собой?', 'Впереди — дворцовые интриги и опасные союзы.'];

function description(d: Dice, hero: string): string {
  const parts = [
    `${hero} — ${d.pick(PROFESSIONS)}, ${d.pick(TWISTS)}.`,
    `Но когда ${d.pick(TURNS)}, ${d.pick(['спокойной жизни приходит конец', 'привычный мир рушится', 'выбора уже не остаётся'])}.`,
    d.pick(ENDINGS),
  ];
  if (d.chance(0.5)) parts.push(`Действие разворачивается в городе ${d.pick(Object.values(CITIES).flat())}.`);
  return parts.join(' ');
}

function biography(d: Dice, name: string, city: string, female: boolean): string {
  const out = [`${name} ${female ? 'родилась' : 'родился'} в городе ${city} и с детства ${female ? 'мечтала' : 'мечтал'} о сцене.`];
  const n = d.int(5, 11);
  const lines = [
    'Первой заметной работой стала роль второго плана в молодёжном сериале.', 'Окончил(а) театральный факультет университета искусств.',
    'Широкую известность принесла роль в исторической дораме.', 'Несколько лет выступал(а) в составе музыкальной группы.',
    'В одном из сезонов получил(а) премию как лучший новичок года.', 'Коллеги отмечают тщательную подготовку к каждой роли.',
    'Часто играет в романтических комедиях и мелодрамах.', 'После перерыва вернулся(ась) к съёмкам с неожиданной ролью злодея.',
    'Снимается в кино и на телевидении, озвучивает аниме.', 'Занимается благотворительностью и поддерживает приюты для животных.',
    'Ведёт популярный блог о путешествиях и кулинарии.', 'Играл(а) в театре, прежде чем перейти в кино.',
  ];
  const gendered = (line: string) => line.replace('ся(ась)', female ? 'ась' : 'ся').replace(/\(а\)/g, female ? 'а' : '');
  for (const line of d.distinct(lines, n)) out.push(gendered(line));
  return out.join(' ');
}

const COMMENT_TEXTS = [
  'Очень понравилось, смотрела на одном дыхании!', 'Главные герои прекрасны, химия просто невероятная.', 'Концовка разочаровала, ждала большего.',
  'Саундтрек — отдельная любовь.', 'Пересматриваю уже второй раз.', 'Первые серии затянуты, но потом не оторваться.',
  'Спасибо за перевод!', 'Кто ещё плакал на последней серии?', 'Актёрская игра на высоте.', 'Сюжет предсказуемый, но смотреть приятно.',
  'Лучшая дорама этого года.', 'Второстепенные персонажи понравились даже больше главных.', 'Жду второй сезон!', 'Не моё, бросила на пятой серии.',
];

const CATEGORY_SETUP: Record<string, { weight: number; subs: [slug: string, name: string, countries: string[]][]; types: [string, number][] }> = {
  'doramy-onlayn': { weight: 50, types: [['Без сезонов', 8], ['Сезоны', 2]], subs: [['koreyskie-doramy', 'Корейские дорамы', ['Южная Корея']], ['kitayskie-doramy', 'Китайские дорамы', ['Китай', 'Гонконг']], ['yaponskie-doramy', 'Японские дорамы', ['Япония']], ['tayvanskie-doramy', 'Тайваньские дорамы', ['Тайвань']]] },
  anime: { weight: 20, types: [['Без сезонов', 5], ['Сезоны', 3], ['Одиночный', 2]], subs: [['anime-serialy', 'Аниме-сериалы', ['Япония']], ['anime-filmy', 'Аниме-фильмы', ['Япония']], ['donghua', 'Дунхуа', ['Китай']]] },
  'lakorny-onlayn': { weight: 15, types: [['Без сезонов', 9], ['Сезоны', 1]], subs: [['tayskie-lakorny', 'Тайские лакорны', ['Таиланд']], ['filippinskie-lakorny', 'Филиппинские лакорны', ['Филиппины', 'Индонезия', 'Вьетнам']]] },
  'filmy-onlayn': { weight: 15, types: [['Одиночный', 1]], subs: [['aziatskie-filmy', 'Азиатские фильмы', ['Вьетнам', 'Индонезия', 'Филиппины', 'Таиланд', 'Гонконг']], ['koreyskie-filmy', 'Корейские фильмы', ['Южная Корея']], ['kitayskie-filmy', 'Китайские фильмы', ['Китай', 'Тайвань']]] },
};
const COUNTRY_ORIGIN: Record<string, Origin> = {
  'Южная Корея': 'ko', Китай: 'zh', Тайвань: 'zh', Гонконг: 'zh', Япония: 'ja', Таиланд: 'th', Филиппины: 'th', Вьетнам: 'th', Индонезия: 'th',
};
export const SYNTH_COUNTRIES = Object.keys(COUNTRY_ORIGIN);
export const SYNTH_GENRES = ['Мелодрама', 'Комедия', 'Романтика', 'Драма', 'Детектив', 'Триллер', 'Фэнтези', 'Исторический', 'Боевик', 'Ужасы', 'Мистика', 'Школа', 'Медицина', 'Юридический', 'Повседневность', 'Приключения', 'Семейный', 'Фантастика', 'Спорт', 'Музыка', 'Уся'];
const TAG_NAMES: [string, string][] = [
  ['devushki', 'Девушки'], ['parni', 'Парни'], ...['Любовный треугольник', 'Фиктивный брак', 'Месть', 'Путешествия во времени', 'Офисный роман',
    'Богатый наследник', 'Первая любовь', 'Амнезия', 'Двойник', 'Сильная героиня', 'Айдолы', 'Дворцовые интриги', 'Переселение души', 'Вампиры',
    'Кулинария', 'Студенты', 'Соседи', 'Разница в возрасте', 'По манхве', 'По новелле', 'Ремейк', 'Чеболи', 'Мафия', 'Спецслужбы',
    'Боевые искусства', 'Призраки', 'Супергерои', 'Врачи'].map((n) => [slugify(n), n] as [string, string]),
];
/** Folded words the synthetic titles contain, from common to rare: queries for a search benchmark. */
export const SEARCH_QUERIES = ['любов', 'сердце', 'тайн', 'дракон', 'далекий', 'елка', 'император', 'зеркало луны'].map(normaliseSearch);

// ------------------------------------------------------------------ writers

interface Writer {
  via: 'db' | 'rest';
  maxId(table: string): Promise<number>;
  insert(table: string, rows: Record<string, unknown>[]): Promise<void>;
  finish(tables: string[]): Promise<void>;
}

function dbWriter(db: Knex): Writer {
  const client = String(db.client.config.client);
  const isPg = client.includes('pg') || client.includes('postgres');
  return {
    via: 'db',
    async maxId(table) {
      const row = await db(table).max({ m: 'id' }).first();
      return Number(row?.m ?? 0);
    },
    async insert(table, rows) {
      if (!rows.length) return;
      const columns = Object.keys(rows[0]).length;
      // SQLite: at most 500 rows per compound insert and 32,766 variables; PostgreSQL: 65,535 parameters.
      const chunk = Math.max(1, Math.min(isPg ? 1000 : 400, Math.floor(30_000 / columns)));
      try {
        await db.transaction(async (trx) => {
          for (let i = 0; i < rows.length; i += chunk) await trx(table).insert(rows.slice(i, i + chunk));
        });
      } catch (err) {
        // knex puts the whole statement in the message; keep the database's own words.
        const message = String((err as Error).message);
        throw new Error(`insert into ${table} failed: ${message.slice(message.lastIndexOf(' - ') + 3).slice(0, 500)}`);
      }
    },
    async finish(tables) {
      // Rows were written with explicit ids; PostgreSQL's sequences must move past them.
      if (!isPg) return;
      for (const t of tables) {
        await db.raw(`SELECT setval(pg_get_serial_sequence(?, 'id'), GREATEST((SELECT MAX(id) FROM ??), 1))`, [`"${t}"`, t]);
      }
      // A bulk write leaves the planner's statistics empty and no page marked all-visible until
      // autovacuum comes round (the planner took the status index for 149 rows of 100,000, and search
      // scanned them all; an index-only read went to every row); a live catalogue has both.
      await db.raw('VACUUM ANALYZE');
    },
  };
}

function restWriter(api: AdminApi): Writer {
  return {
    via: 'rest',
    async maxId(table) {
      const [row] = await api.get<{ max: { id: number | string | null } }[]>(`/items/${table}?aggregate[max]=id`);
      return Number(row?.max?.id ?? 0);
    },
    async insert(table, rows) {
      for (let i = 0; i < rows.length; i += 500) {
        // Directus sets date_created itself on create; the synthetic dates are kept in db mode only.
        const batch = rows.slice(i, i + 500).map(({ date_created: _d, ...r }) => r);
        await api.request('POST', `/items/${table}?fields=id`, batch, false);
      }
    },
    async finish() {},
  };
}

/** A knex handle on the database a Directus environment points at (SQLite file or PostgreSQL). */
export function knexForEnv(env: Record<string, string | undefined>): Knex {
  if (env.DB_CLIENT === 'pg' || env.DB_CLIENT === 'postgres') {
    return knex({
      client: 'pg',
      connection: env.DB_CONNECTION_STRING ?? {
        host: env.DB_HOST ?? '127.0.0.1', port: Number(env.DB_PORT ?? 5432), database: env.DB_DATABASE,
        user: env.DB_USER, password: env.DB_PASSWORD,
      },
      pool: { min: 0, max: 4 },
    });
  }
  if (!env.DB_FILENAME) throw new Error('knexForEnv: DB_FILENAME (SQLite) or DB_CLIENT=pg is needed');
  return knex({
    client: 'sqlite3',
    connection: { filename: env.DB_FILENAME },
    useNullAsDefault: true,
    pool: {
      min: 1, max: 1,
      // Directus holds the same file open: wait for its locks instead of failing.
      afterCreate: (conn: any, done: (err: Error | null, conn: unknown) => void) => {
        conn.configure('busyTimeout', 30_000);
        conn.run('PRAGMA foreign_keys = ON', (err: Error | null) => done(err, conn));
      },
    },
  });
}

// ------------------------------------------------------------------ the generator

export interface SynthOptions {
  api: AdminApi;
  /** The database Directus runs on; bulk rows go there directly. Without it, everything goes through REST. */
  db?: Knex;
  via?: 'db' | 'rest';
  titles?: number;
  actors?: number;
  /** Average comments per title (skewed: some titles get many, most few). */
  commentsPerTitle?: number;
  users?: number;
  seed?: number;
  log?: (line: string) => void;
}

export interface SynthResult {
  via: 'db' | 'rest';
  ms: number;
  phases: Record<string, number>;
  counts: Record<string, number>;
  /** Slugs of some synthetic titles and the categories and queries they fall under, for benchmarks. */
  sample: { titleSlugs: string[]; categorySlugs: string[]; searchQueries: string[] };
}

interface Lookup { id: number; [k: string]: unknown }

async function ensureLookups<T extends Record<string, unknown>>(api: AdminApi, collection: string, key: string, wanted: T[]): Promise<Map<string, Lookup>> {
  const values = wanted.map((w) => String(w[key]));
  const have = await api.get<Lookup[]>(`/items/${collection}?limit=-1&fields=id,${key}&filter[${key}][_in]=${values.map(encodeURIComponent).join(',')}`);
  const byKey = new Map(have.map((r) => [String(r[key]), r]));
  const missing = wanted.filter((w) => !byKey.has(String(w[key])));
  if (missing.length) {
    const created = await api.post<Lookup[]>(`/items/${collection}?fields=id,${key}`, missing);
    for (const r of created) byKey.set(String(r[key]), r);
  }
  return byKey;
}

export async function synthesise(o: SynthOptions): Promise<SynthResult> {
  const started = performance.now();
  const log = o.log ?? ((line: string) => console.log(line));
  const nTitles = o.titles ?? 10_000;
  const nActors = o.actors ?? 30_000;
  const perTitle = o.commentsPerTitle ?? 3;
  const nUsers = o.users ?? 60;
  const d = new Dice(o.seed ?? 1);
  const via = o.via ?? (o.db ? 'db' : 'rest');
  if (via === 'db' && !o.db) throw new Error("synthesise: via 'db' needs a knex handle");
  const w = via === 'db' ? dbWriter(o.db!) : restWriter(o.api);
  const phases: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string, detail = '') => {
    const now = performance.now();
    phases[name] = Math.round(now - mark);
    log(`  ${name}: ${(phases[name] / 1000).toFixed(1)} s${detail ? ` (${detail})` : ''}`);
    mark = now;
  };

  // Lookups: through the API, reusing what exists (the demo seed's categories, for instance).
  const categories = await ensureLookups(o.api, 'categories', 'slug',
    Object.keys(CATEGORY_SETUP).map((slug, i) => ({ slug, name: CATEGORY_NAMES[slug as keyof typeof CATEGORY_NAMES], sort: i + 1 })));
  const subCategories = await ensureLookups(o.api, 'subCategories', 'slug',
    Object.entries(CATEGORY_SETUP).flatMap(([cat, s]) => s.subs.map(([slug, name], i) => ({ slug, name, category: categories.get(cat)!.id, sort: i + 1 }))));
  const countries = await ensureLookups(o.api, 'countries', 'name', SYNTH_COUNTRIES.map((name) => ({ name })));
  const genres = [...(await ensureLookups(o.api, 'genres', 'name', SYNTH_GENRES.map((name) => ({ name })))).values()].map((g) => g.id);
  const tags = [...(await ensureLookups(o.api, 'tags', 'slug', TAG_NAMES.map(([slug, name]) => ({ slug, name })))).values()].map((t) => t.id);
  const runTag = randomBytes(3).toString('hex');
  const users = await o.api.post<{ id: string }[]>('/users?fields=id', Array.from({ length: nUsers }, (_, i) => ({
    // No password: these people only sign comments (and hashing 60 passwords costs seconds).
    email: `synth-${runTag}-${i}@example.com`, role: ROLES.user,
    login: `synth_${runTag}_${i}`, first_name: personName(d, d.pick(['ko', 'zh', 'ja', 'th'] as const)).ru.split(' ')[0],
  })));
  const userIds = users.map((u) => u.id);
  phase('lookups and users', `${categories.size} categories, ${subCategories.size} subcategories, ${genres.length} genres, ${countries.size} countries, ${tags.length} tags, ${userIds.length} users`);

  const base = Object.fromEntries(await Promise.all(
    ['actors', 'titles', 'titles_genres', 'titles_tags', 'titles_actors', 'titles_directors', 'titles_screenwriters', 'iframeSeasons', 'series', 'comments']
      .map(async (t) => [t, await w.maxId(t)] as const),
  )) as Record<string, number>;
  const nextId = (t: string) => ++base[t];

  // Actors, grouped by origin so a Korean drama casts Korean actors.
  const byOrigin: Record<Origin, number[]> = { ko: [], zh: [], ja: [], th: [] };
  const directorsByOrigin: Record<Origin, number[]> = { ko: [], zh: [], ja: [], th: [] };
  const actorRows: Record<string, unknown>[] = [];
  for (let i = 0; i < nActors; i++) {
    const origin = d.weighted<Origin>([['ko', 40], ['zh', 30], ['ja', 20], ['th', 10]]);
    const name = personName(d, origin);
    const id = nextId('actors');
    const director = d.chance(0.06);
    (director ? directorsByOrigin : byOrigin)[origin].push(id);
    const female = d.chance(0.5);
    const city = d.pick(CITIES[origin]);
    actorRows.push({
      id,
      slug: `${slugify(name.en)}-${id}`,
      nameRu: name.ru,
      nameEn: name.en,
      biography: d.chance(0.25) ? biography(d, name.ru, city, female) : null,
      career: director ? d.pick(['Режиссёр', 'Режиссёр, сценарист']) : female ? 'Актриса' : 'Актёр',
      dob: `${d.int(1955, 2006)}-${String(d.int(1, 12)).padStart(2, '0')}-${String(d.int(1, 28)).padStart(2, '0')}`,
      birthPlace: city,
      ...personSearchKeys({ nameRu: name.ru, nameEn: name.en }),
    });
  }
  for (const o2 of Object.keys(byOrigin) as Origin[]) if (!directorsByOrigin[o2].length) directorsByOrigin[o2].push(...byOrigin[o2].slice(0, 1));
  await w.insert('actors', actorRows);
  phase('actors', `${actorRows.length}`);

  // Titles and everything that hangs off them.
  const catEntries = Object.entries(CATEGORY_SETUP).map(([slug, s]) => [slug, s.weight] as const);
  const titleRows: Record<string, unknown>[] = [];
  const junction: Record<string, Record<string, unknown>[]> = { titles_genres: [], titles_tags: [], titles_actors: [], titles_directors: [], titles_screenwriters: [] };
  const seasonRows: Record<string, unknown>[] = [];
  const seriesRows: Record<string, unknown>[] = [];
  const titleIds: { id: number; slug: string; views: number; category: string }[] = [];
  const now = Date.now();
  const link = (table: string, titleId: number, key: string, ids: number[]) =>
    ids.forEach((id, i) => junction[table].push({ id: nextId(table), titles_id: titleId, [key]: id, sort: i + 1 }));
  for (let i = 0; i < nTitles; i++) {
    const cat = d.weighted(catEntries);
    const setup = CATEGORY_SETUP[cat];
    const [subSlug, , subCountries] = d.pick(setup.subs);
    const countryName = d.pick(subCountries);
    const origin = COUNTRY_ORIGIN[countryName];
    const typeSource = d.weighted(setup.types.map(([t, wgt]) => [t, wgt] as const));
    const id = nextId('titles');
    const name = titleName(d);
    const hero = personName(d, origin).ru;
    const releaseYear = d.int(2005, 2025);
    const releaseStatus = releaseYear >= 2025 && d.chance(0.3) ? RELEASE_STATUSES[2] : releaseYear >= 2024 && d.chance(0.4) ? RELEASE_STATUSES[1] : RELEASE_STATUSES[0];
    const views = Math.floor(Math.exp(d.next() * 12));
    const row = {
      id,
      status: 'published',
      slug: `${slugify(name)}-${id}`,
      name,
      originalName: capital(`${d.pick(ROMAN)} ${d.pick(ROMAN)}`),
      anotherName: d.chance(0.4) ? capital(slugify(name).replaceAll('-', ' ')) : null,
      description: description(d, hero),
      releaseYear,
      releaseStatus,
      ageRating: d.pick(AGE_RATINGS),
      views,
      promo: d.chance(0.02),
      category: categories.get(cat)!.id,
      subCategory: subCategories.get(subSlug)!.id,
      country: countries.get(countryName)!.id,
      countSeasons: null as number | null,
      countEpisodes: null as number | null,
      typeSource,
      source: 'iframe',
      iframe: typeSource === 'Одиночный' ? `https://player.example.com/embed/${id}` : null,
      iframeSeries: null,
      searchText: '',
      searchNames: '',
      searchBody: '',
      date_created: new Date(now - Math.floor(d.next() * 5 * 365 * 86_400_000)),
    };
    Object.assign(row, titleIndexFields(row));
    if (typeSource === 'Без сезонов') {
      const episodes = d.int(6, 16);
      row.countEpisodes = episodes;
      for (let e = 1; e <= episodes; e++) {
        seriesRows.push({ id: nextId('series'), title: id, season: null, name: `${e} серия`, sort: e, source: 'iframe', iframe: `https://player.example.com/embed/${id}/${e}`, deleted: false });
      }
    } else if (typeSource === 'Сезоны') {
      const seasons = d.int(2, 3);
      row.countSeasons = seasons;
      let total = 0;
      for (let s = 1; s <= seasons; s++) {
        const seasonId = nextId('iframeSeasons');
        seasonRows.push({ id: seasonId, title: id, name: `${s} сезон`, sort: s });
        const episodes = d.int(6, 12);
        for (let e = 1; e <= episodes; e++) {
          total++;
          seriesRows.push({ id: nextId('series'), title: id, season: seasonId, name: `${e} серия`, sort: e, source: 'iframe', iframe: `https://player.example.com/embed/${id}/${s}/${e}`, deleted: false });
        }
      }
      row.countEpisodes = total;
    }
    titleRows.push(row);
    titleIds.push({ id, slug: row.slug, views, category: cat });
    link('titles_genres', id, 'genres_id', d.distinct(genres, d.int(2, 3), 1.6));
    link('titles_tags', id, 'tags_id', d.distinct(tags, d.int(2, 3), 1.4));
    link('titles_actors', id, 'actors_id', d.distinct(byOrigin[origin], d.int(4, 6), 2.5));
    link('titles_directors', id, 'actors_id', d.distinct(directorsByOrigin[origin], 1, 1.5));
    link('titles_screenwriters', id, 'actors_id', d.distinct(directorsByOrigin[origin], 1, 1.2));
  }
  await w.insert('titles', titleRows);
  phase('titles', `${titleRows.length}`);
  for (const [table, rows] of Object.entries(junction)) await w.insert(table, rows);
  phase('title links', Object.entries(junction).map(([t, r]) => `${t} ${r.length}`).join(', '));
  await w.insert('iframeSeasons', seasonRows);
  await w.insert('series', seriesRows);
  phase('seasons and episodes', `${seasonRows.length} seasons, ${seriesRows.length} episodes`);

  // Comments: more on popular titles; a fifth are replies within the same title.
  const commentRows: Record<string, unknown>[] = [];
  const maxViews = Math.max(1, ...titleIds.map((t) => t.views));
  for (const t of titleIds) {
    const popularity = Math.log1p(t.views) / Math.log1p(maxViews);
    const k = Math.floor(perTitle * 4 * popularity * d.next() + d.next());
    const mine: number[] = [];
    for (let c = 0; c < k; c++) {
      const id = nextId('comments');
      const parent = mine.length && d.chance(0.2) ? d.pick(mine) : null;
      commentRows.push({
        id, text: d.pick(COMMENT_TEXTS), title: t.id, comment: parent, post: null, user_created: d.pick(userIds),
        date_created: new Date(now - Math.floor(d.next() * 365 * 86_400_000)),
      });
      mine.push(id);
    }
  }
  await w.insert('comments', commentRows);
  phase('comments', `${commentRows.length}`);

  await w.finish(['actors', 'titles', ...Object.keys(junction), 'iframeSeasons', 'series', 'comments']);
  // Direct writes bypass Directus's cache invalidation.
  if (via === 'db') await o.api.request('POST', '/utils/cache/clear', undefined, false).catch(() => {});

  const sampleSlugs = d.distinct(titleIds, Math.min(500, titleIds.length)).map((t) => t.slug);
  const ms = Math.round(performance.now() - started);
  return {
    via,
    ms,
    phases,
    counts: {
      titles: titleRows.length, actors: actorRows.length, episodes: seriesRows.length, seasons: seasonRows.length, comments: commentRows.length,
      users: userIds.length, ...Object.fromEntries(Object.entries(junction).map(([t, r]) => [t, r.length])),
    },
    sample: { titleSlugs: sampleSlugs, categorySlugs: Object.keys(CATEGORY_SETUP), searchQueries: SEARCH_QUERIES },
  };
}

// ------------------------------------------------------------------ command line

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      url: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' }, 'data-dir': { type: 'string' },
      titles: { type: 'string' }, actors: { type: 'string' }, comments: { type: 'string' }, users: { type: 'string' },
      seed: { type: 'string' }, via: { type: 'string' },
    },
  });
  const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
  const opts = { titles: num(values.titles), actors: num(values.actors), commentsPerTitle: num(values.comments), users: num(values.users), seed: num(values.seed) };
  const via = values.via as 'db' | 'rest' | undefined;
  if (via && via !== 'db' && via !== 'rest') throw new Error('--via is db or rest');
  const url = values.url ?? process.env.DIRECTUS_URL;

  if (url) {
    let email = values.email ?? process.env.ADMIN_EMAIL;
    let password = values.password ?? process.env.ADMIN_PASSWORD;
    if (!email || !password) {
      const { loadLocalConfig } = await import('./lib/local-env.ts');
      const config = loadLocalConfig();
      email ??= config.adminEmail;
      password ??= config.adminPassword;
    }
    const api = await AdminApi.login(url, email, password);
    const dataDir = values['data-dir'] ?? process.env.DATA_DIR;
    const db = via === 'rest' ? undefined
      : process.env.DB_CLIENT && process.env.DB_CLIENT !== 'sqlite3' ? knexForEnv(process.env)
      : dataDir ? knexForEnv({ DB_FILENAME: path.resolve(dataDir, 'database.sqlite') })
      : undefined;
    if (via === 'db' && !db) throw new Error('--via db needs --data-dir (SQLite) or DB_CLIENT=pg with DB_* variables');
    try {
      await run(api, db, via, opts);
    } finally {
      await db?.destroy();
    }
    return;
  }

  // No URL: start Directus on DATA_DIR with the local .env, fill it, stop it.
  const { loadLocalConfig } = await import('./lib/local-env.ts');
  const { startBackend } = await import('./lib/backend.ts');
  const config = loadLocalConfig();
  const dataDir = values['data-dir'] ? path.resolve(values['data-dir']) : config.dataDir;
  const backend = await startBackend({ dataDir, port: config.directusPort, secret: config.secret, adminEmail: config.adminEmail, adminPassword: config.adminPassword, quiet: true });
  const db = via === 'rest' ? undefined : knexForEnv(backend.env);
  try {
    await run(backend.api, db, via, opts);
  } finally {
    await db?.destroy();
    await backend.stop();
  }
}

async function run(api: AdminApi, db: Knex | undefined, via: 'db' | 'rest' | undefined, opts: Partial<SynthOptions>): Promise<void> {
  console.log(`Synthesising into ${api.url} (${via ?? (db ? 'db' : 'rest')})`);
  const result = await synthesise({ api, db, via, ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)) });
  console.log(`Done in ${(result.ms / 1000).toFixed(1)} s: ${Object.entries(result.counts).map(([k, v]) => `${k} ${v}`).join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
