/**
 * The tabs of the own profile, kept in `?tab=`: two menu
 * sections, Профиль and Избранное, each with its tabs. The keys are the addresses people keep and
 * share, so they are readable words that never change with the labels.
 */
import { MARK_TYPES, type MarkType } from '../../shared/rules.ts';

export type ProfileSection = 'profile' | 'lists';

export interface ProfileTab {
  key: string;
  label: string;
  section: ProfileSection;
  /** The kind of list mark the tab lists. */
  mark?: MarkType;
}

const [FAVOURITE, PLANNED, WATCHED, WATCHING, NOT_INTERESTED] = MARK_TYPES;

export const PROFILE_TABS: readonly ProfileTab[] = [
  { key: 'profile', label: 'Профиль', section: 'profile' },
  { key: 'customization', label: 'Кастомизация', section: 'profile' },
  { key: 'new-episodes', label: 'Новые серии', section: 'profile' },
  { key: 'friends', label: 'Друзья', section: 'profile' },
  { key: 'favorites', label: 'Избранное', section: 'lists', mark: FAVOURITE },
  { key: 'planned', label: 'Буду смотреть', section: 'lists', mark: PLANNED },
  { key: 'watched', label: 'Смотрел', section: 'lists', mark: WATCHED },
  { key: 'watching', label: 'Смотрю', section: 'lists', mark: WATCHING },
  { key: 'favorite-actors', label: 'Избранные актёры', section: 'lists' },
  { key: 'not-interested', label: 'Не интересно', section: 'lists', mark: NOT_INTERESTED },
];

/** The menu's sections, each opening on its first tab. */
export const PROFILE_SECTIONS: readonly { section: ProfileSection; label: string }[] = [
  { section: 'profile', label: 'Профиль' },
  { section: 'lists', label: 'Избранное' },
];

export const PROFILE_PATH = '/profile';
export const UNKNOWN_TAB = 'Нет такой вкладки';

/** The tab a query string asks for: Профиль without one, null for a key there is no tab of. */
export function tabOf(search: string): ProfileTab | null {
  const key = new URLSearchParams(search).get('tab');
  if (key === null || key === '') return PROFILE_TABS[0];
  return PROFILE_TABS.find((t) => t.key === key) ?? null;
}

export function tabsOf(section: ProfileSection): ProfileTab[] {
  return PROFILE_TABS.filter((t) => t.section === section);
}

/** The address of a tab; the first one is the profile's own address. */
export function tabHref(tab: Pick<ProfileTab, 'key'>): string {
  return tab.key === PROFILE_TABS[0].key ? PROFILE_PATH : `${PROFILE_PATH}?tab=${encodeURIComponent(tab.key)}`;
}

export function sectionHref(section: ProfileSection): string {
  return tabHref(tabsOf(section)[0]);
}
