import type { CategorySeed, TagSeed } from './types.ts';

/** The four catalogue sections with their subcategories (subcategory slugs are unique across all). */
export const CATEGORIES: CategorySeed[] = [
  {
    slug: 'anime',
    name: 'Аниме',
    subCategories: [
      { name: 'Аниме-сериалы', slug: 'anime-serialy' },
      { name: 'Аниме-фильмы', slug: 'anime-filmy' },
      { name: 'Сёнэн', slug: 'syonen' },
      { name: 'Сёдзё', slug: 'syodzyo' },
    ],
  },
  {
    slug: 'doramy-onlayn',
    name: 'Дорамы',
    subCategories: [
      { name: 'Корейские дорамы', slug: 'koreyskie-doramy' },
      { name: 'Китайские дорамы', slug: 'kitayskie-doramy' },
      { name: 'Японские дорамы', slug: 'yaponskie-doramy' },
      { name: 'Тайваньские дорамы', slug: 'tayvanskie-doramy' },
    ],
  },
  {
    slug: 'lakorny-onlayn',
    name: 'Лакорны',
    subCategories: [
      { name: 'Тайские лакорны', slug: 'tayskie-lakorny' },
      { name: 'Романтические лакорны', slug: 'romanticheskie-lakorny' },
      { name: 'Исторические лакорны', slug: 'istoricheskie-lakorny' },
    ],
  },
  {
    slug: 'filmy-onlayn',
    name: 'Фильмы',
    subCategories: [
      { name: 'Корейские фильмы', slug: 'koreyskie-filmy' },
      { name: 'Китайские фильмы', slug: 'kitayskie-filmy' },
      { name: 'Японские фильмы', slug: 'yaponskie-filmy' },
      { name: 'Гонконгские фильмы', slug: 'gonkongskie-filmy' },
    ],
  },
];

export const GENRES: string[] = [
  'Драма',
  'Комедия',
  'Романтика',
  'Мелодрама',
  'Детектив',
  'Триллер',
  'Ужасы',
  'Фэнтези',
  'Исторический',
  'Боевик',
  'Приключения',
  'Повседневность',
  'Школа',
  'Медицина',
  'Семейный',
  'Криминал',
  'Мистика',
  'Фантастика',
];

export const COUNTRIES: string[] = [
  'Китай',
  'Япония',
  'Тайвань',
  'Южная Корея',
  'Вьетнам',
  'Таиланд',
  'Филиппины',
  'Индонезия',
  'Гонконг',
];

export const TAGS: TagSeed[] = [
  { name: 'Девушки', slug: 'devushki' },
  { name: 'Парни', slug: 'parni' },
  { name: 'Любовный треугольник', slug: 'lyubovnyy-treugolnik' },
  { name: 'Месть', slug: 'mest' },
  { name: 'Переселение душ', slug: 'pereselenie-dush' },
  { name: 'Офисный роман', slug: 'ofisnyy-roman' },
  { name: 'Дружба', slug: 'druzhba' },
  { name: 'Путешествия во времени', slug: 'puteshestviya-vo-vremeni' },
  { name: 'Сильная героиня', slug: 'silnaya-geroinya' },
  { name: 'Богатый наследник', slug: 'bogatyy-naslednik' },
  { name: 'Школьная любовь', slug: 'shkolnaya-lyubov' },
  { name: 'Айдолы', slug: 'aydoly' },
  { name: 'Кулинария', slug: 'kulinariya' },
  { name: 'Боевые искусства', slug: 'boevye-iskusstva' },
  { name: 'Вампиры', slug: 'vampiry' },
  { name: 'Дворцовые интриги', slug: 'dvortsovye-intrigi' },
  { name: 'Фиктивный брак', slug: 'fiktivnyy-brak' },
  { name: 'Амнезия', slug: 'amneziya' },
  { name: 'Спорт', slug: 'sport' },
  { name: 'Врачи', slug: 'vrachi' },
  { name: 'Полиция', slug: 'politsiya' },
  { name: 'Семейные тайны', slug: 'semeynye-tayny' },
  { name: 'Первая любовь', slug: 'pervaya-lyubov' },
  { name: 'Долгожданное продолжение', slug: 'dolgozhdannoe-prodolzhenie' },
];
