import { describe, expect, it } from 'vitest';
import { MARK_TYPES } from '../../shared/rules.ts';
import { PROFILE_TABS, sectionHref, tabHref, tabOf, tabsOf } from '../../src/lib/profile-tabs.ts';

describe('own profile tabs', () => {
  it('opens Профиль without a tab, and each tab by its key', () => {
    expect(tabOf('')?.label).toBe('Профиль');
    expect(tabOf('?tab=')?.label).toBe('Профиль');
    for (const tab of PROFILE_TABS) expect(tabOf(`?tab=${tab.key}`)).toBe(tab);
  });

  it('knows no tab for an unknown key', () => {
    expect(tabOf('?tab=settings')).toBeNull();
    expect(tabOf('?tab=Избранное')).toBeNull();
  });

  it('has the profile\'s tabs in each section, one list per mark type', () => {
    expect(tabsOf('profile').map((t) => t.label)).toEqual(['Профиль', 'Кастомизация', 'Новые серии', 'Друзья']);
    expect(tabsOf('lists').map((t) => t.label)).toEqual(['Избранное', 'Буду смотреть', 'Смотрел', 'Смотрю', 'Избранные актёры', 'Не интересно']);
    expect(PROFILE_TABS.flatMap((t) => (t.mark ? [t.mark] : [])).sort()).toEqual([...MARK_TYPES].sort());
  });

  it('keys are readable words, unique, and make the addresses', () => {
    const keys = PROFILE_TABS.map((t) => t.key);
    expect(new Set(keys).size).toBe(keys.length);
    for (const key of keys) expect(key).toMatch(/^[a-z]+(-[a-z]+)*$/);
    expect(tabHref(PROFILE_TABS[0])).toBe('/profile');
    expect(tabHref({ key: 'watched' })).toBe('/profile?tab=watched');
    expect(sectionHref('lists')).toBe('/profile?tab=favorites');
    for (const tab of PROFILE_TABS) expect(tabOf(new URL(tabHref(tab), 'http://x').search)).toBe(tab);
  });
});
