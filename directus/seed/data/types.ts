/** Shapes of the hand-written demo catalogue; the seeder turns them into Directus items. */

export type ReleaseStatus = 'Окончен' | 'Выпускается' | 'Должен выйти';
export type TypeSource = 'Без сезонов' | 'Сезоны' | 'Одиночный';
export type CategorySlug = 'anime' | 'doramy-onlayn' | 'lakorny-onlayn' | 'filmy-onlayn';

export interface SubCategorySeed { name: string; slug: string }
export interface CategorySeed { slug: CategorySlug; name: string; subCategories: SubCategorySeed[] }
export interface TagSeed { name: string; slug: string }

export interface ActorSeed {
  slug: string;            // latin, kebab-case, unique
  nameRu: string;
  nameEn: string;
  career: string;          // e.g. 'Актриса, певица'
  dob: string;             // 'YYYY-MM-DD'
  birthPlace: string;      // Russian, e.g. 'Сеул, Южная Корея'
  biography: string;       // Russian plain text; paragraphs separated by '\n\n'
  genres: string[];        // names from GENRES
}

export interface SoundtrackSeed { name: string; tracks: number }

export interface TitleSeed {
  slug: string;            // latin, kebab-case, unique, never a site route word
  name: string;            // Russian name
  originalName: string;    // original script or romanisation
  anotherName: string;     // English or alternative name
  description: string;     // Russian, 2–4 sentences, written fresh
  category: CategorySlug;
  subCategory: string;     // slug of a subcategory of that category
  country: string;         // one of COUNTRIES
  genres: string[];        // 1–4 names from GENRES
  tags: string[];          // 1–4 tag slugs from TAGS
  releaseYear: number;     // 2008–2025
  releaseStatus: ReleaseStatus;
  ageRating: '0+' | '6+' | '12+' | '16+' | '18+';
  typeSource: TypeSource;  // 'Одиночный' for films, 'Сезоны' for multi-season, 'Без сезонов' for one season
  source: 'iframe' | 'video';
  seasons: number;         // 1 for 'Без сезонов' and 'Одиночный'
  episodes: number;        // total episodes (1 for films)
  actors: string[];        // 2–5 actor slugs
  directors: string[];     // 1 actor slug (directors live in the actors collection)
  screenwriters: string[]; // 1 actor slug
  promo?: boolean;         // shown in the category banner (about 3 per category)
  soundtracks?: SoundtrackSeed[];
  related?: string[];      // slugs an editor pinned first in 'Вам может понравиться'
}
