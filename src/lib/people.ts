/**
 * A person as every screen shows them (reviews, profiles, posts, chat): login linking to their
 * profile, avatar (the default picture when none), the frame of the place, and the name's colour
 * or gradient with its effect, from the shop items they wear.
 */
import { DEFAULT_AVATAR, assetUrl, avatarUrl } from './assets.ts';

export type NameEffect = 'none' | 'glow' | 'shimmer';

export interface NameLook {
  /** A CSS colour, or a gradient drawn through the letters. */
  paint: string;
  effect: NameEffect;
}

export interface PersonView {
  id: string | null;
  login: string;
  href: string | null;
  avatar: string;
  /** The frame around the avatar here (profile or chat), when the person wears one. */
  frame: string | null;
  name: NameLook | null;
}

type FileRef = string | { id: string } | null | undefined;
interface ShopRef { nameColor?: string | null; nameEffect?: string | null; frameProfile?: FileRef; frameMessage?: FileRef }
export interface PersonSource {
  id?: string;
  login?: string | null;
  avatar?: FileRef;
  nameColor?: ShopRef | number | null;
  frame?: ShopRef | number | null;
}

/** How a person without a login (a deleted account) is named. */
export const UNKNOWN_PERSON = 'Пользователь';

const fileId = (ref: FileRef) => (typeof ref === 'object' && ref ? ref.id : ref ?? null);
const shop = (ref: ShopRef | number | null | undefined) => (typeof ref === 'object' && ref ? ref : null);

export function nameLook(item: ShopRef | number | null | undefined): NameLook | null {
  const s = shop(item);
  if (!s?.nameColor) return null;
  const effect = s.nameEffect === 'glow' || s.nameEffect === 'shimmer' ? s.nameEffect : 'none';
  return { paint: s.nameColor, effect };
}

/** The address of a person's profile. */
export const profileHref = (login: string) => `/profile/${encodeURIComponent(login)}`;

export function personView(source: PersonSource | string | null | undefined, place: 'profile' | 'message' = 'profile'): PersonView {
  const p = typeof source === 'object' && source ? source : null;
  const login = p?.login ?? null;
  const frame = shop(p?.frame);
  return {
    id: p?.id ?? (typeof source === 'string' ? source : null),
    login: login ?? UNKNOWN_PERSON,
    href: login ? profileHref(login) : null,
    avatar: avatarUrl(fileId(p?.avatar)),
    frame: assetUrl(fileId(place === 'profile' ? frame?.frameProfile : frame?.frameMessage)),
    name: nameLook(p?.nameColor),
  };
}

/** Full years from a yyyy-mm-dd date of birth to `today`; null without one. */
export function ageOn(dob: string | null | undefined, today: Date = new Date()): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(dob ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const had = today.getMonth() + 1 > mo || (today.getMonth() + 1 === mo && today.getDate() >= d);
  return today.getFullYear() - y - (had ? 0 : 1);
}

export { DEFAULT_AVATAR };
