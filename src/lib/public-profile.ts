/**
 * Another person's profile as /profile/{login} shows it: who they are (login in their colour,
 * framed avatar), their full name, age from the date of birth with the date written
 * day.month.year, gender, about-me text and the wallpaper they wear.
 */
import { isValidIsoDob, isoToDisplay } from '../../shared/dob.ts';
import { assetUrl } from './assets.ts';
import { ageOn, personView, type PersonSource, type PersonView } from './people.ts';
import { countRu, YEAR_FORMS } from './plural.ts';

type FileRef = string | { id: string } | null | undefined;

export interface PublicProfileSource extends PersonSource {
  id: string;
  login?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  dob?: string | null;
  gender?: string | null;
  aboutMe?: string | null;
  background?: { backgroundFile?: FileRef } | number | null;
}

export interface PublicProfileView {
  id: string;
  person: PersonView;
  fullName: string;
  /** '30 лет'; null without a date of birth. */
  age: string | null;
  /** dd.mm.yyyy; null without a date of birth. */
  birthDate: string | null;
  gender: string | null;
  about: string | null;
  /** The wallpaper's address, when the person wears one. */
  wallpaper: string | null;
}

/** The login of /profile/{login} (decoded), or null when the path names none. */
export function loginFromPath(pathname: string): string | null {
  const m = /^\/profile\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  try {
    const login = decodeURIComponent(m[1]).trim();
    return login || null;
  } catch {
    return null;
  }
}

const fileId = (ref: FileRef) => (typeof ref === 'object' && ref ? ref.id : ref ?? null);
const filled = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

export function publicProfileView(source: PublicProfileSource, today: Date = new Date()): PublicProfileView {
  const dob = isValidIsoDob(source.dob) ? source.dob!.slice(0, 10) : null;
  const age = dob ? ageOn(dob, today) : null;
  const background = typeof source.background === 'object' && source.background ? source.background : null;
  return {
    id: source.id,
    // The page is the person's own profile: the name is its heading, not a link to itself.
    person: { ...personView(source, 'profile'), href: null },
    fullName: [source.first_name, source.last_name].map(filled).filter(Boolean).join(' '),
    age: age !== null && age >= 0 ? countRu(age, YEAR_FORMS) : null,
    birthDate: dob ? isoToDisplay(dob) : null,
    gender: filled(source.gender),
    about: filled(source.aboutMe),
    wallpaper: assetUrl(fileId(background?.backgroundFile), 'banner'),
  };
}
