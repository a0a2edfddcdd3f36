/**
 * What a film card shows, in each of its variants, prepared once from a title so
 * the static pages and the islands (search, filter, favourites) render the very same card.
 */
import { DESCRIPTION_CUT } from './constants.ts';
import { posterUrl } from './assets.ts';
import { cut, yearLabel } from './text.ts';

export type CardVariant = 'list' | 'slider' | 'filter' | 'favourite' | 'search' | 'abc_search';

/** The card fields of a title, as the reader and the runtime client return them. */
export interface CardSource {
  id: number;
  slug: string;
  name: string;
  description?: string | null;
  poster?: string | null;
  releaseYear?: number | null;
  releaseStatus?: string | null;
  ageRating?: string | null;
  views?: number | null;
  comments_count?: number | null;
  genres?: ({ genres_id?: { name?: string | null } | number | null } | number | null)[] | null;
  country?: { name?: string | null } | number | null;
}

export interface CardView {
  id: number;
  href: string;
  poster: string;
  name: string;
  year: string;
  genres: string[];
  country: string;
  status: string;
  /** The short description of the variant. */
  description: string;
  /** The longer text of the hover panel. */
  details: string;
  views: number;
  comments: number;
  ageRating: string;
}

/** List cards get 55 characters, every other variant 40. */
const CUT_BY_VARIANT: Record<CardVariant, number> = {
  list: DESCRIPTION_CUT.listCard,
  slider: DESCRIPTION_CUT.card,
  filter: DESCRIPTION_CUT.card,
  favourite: DESCRIPTION_CUT.card,
  search: DESCRIPTION_CUT.searchCard,
  abc_search: DESCRIPTION_CUT.searchCard,
};

const HOVER_PANEL_TEXT = DESCRIPTION_CUT.titlePage;

export function cardView(t: CardSource, variant: CardVariant): CardView {
  return {
    id: t.id,
    href: `/${t.slug}`,
    poster: posterUrl(t.poster, variant === 'search' || variant === 'abc_search' ? 'poster-small' : 'poster'),
    name: t.name,
    year: yearLabel(t.releaseYear),
    genres: (t.genres ?? [])
      .map((g) => (typeof g === 'object' && g && typeof g.genres_id === 'object' ? g.genres_id?.name : null))
      .filter((n): n is string => !!n),
    country: typeof t.country === 'object' ? t.country?.name ?? '' : '',
    status: t.releaseStatus ?? '',
    description: cut(t.description, CUT_BY_VARIANT[variant]),
    details: cut(t.description, HOVER_PANEL_TEXT),
    views: t.views ?? 0,
    comments: t.comments_count ?? 0,
    ageRating: t.ageRating ?? '',
  };
}
