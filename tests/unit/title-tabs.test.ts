import { describe, expect, it } from 'vitest';
import { tabHref, tabOf } from '../../src/lib/title-tabs.ts';

const WITH_SOUNDTRACK = ['description', 'seasons', 'soundtrack'];
const WITHOUT = ['description', 'seasons'];

describe('title page tabs', () => {
  it('opens the tab the address names', () => {
    for (const id of WITH_SOUNDTRACK) expect(tabOf(`?tab=${id}`, WITH_SOUNDTRACK)).toBe(id);
  });

  it('falls back to the description for none, an unknown tab or one this title has not', () => {
    for (const search of ['', '?tab=', '?tab=nonsense', '?tab=soundtrack', '?tab=Серии']) expect(tabOf(search, WITHOUT)).toBe('description');
  });

  it('keeps the first tab at the page address and the others in ?tab=, leaving other parameters alone', () => {
    const page = 'https://site.test/aromat?tab=seasons&x=1';
    expect(tabHref(page, 'description', WITH_SOUNDTRACK)).toBe('https://site.test/aromat?x=1');
    expect(tabHref(page, 'soundtrack', WITH_SOUNDTRACK)).toBe('https://site.test/aromat?tab=soundtrack&x=1');
  });

  it('names the part of the tab to go to, and leaves another tab\'s part behind', () => {
    expect(tabHref('https://site.test/aromat?x=1', 'seasons', WITHOUT, 'player')).toBe('https://site.test/aromat?x=1&tab=seasons#player');
    expect(tabHref('https://site.test/aromat?tab=seasons#player', 'description', WITHOUT)).toBe('https://site.test/aromat');
    expect(tabHref('https://site.test/aromat?tab=seasons#player', 'seasons', WITHOUT)).toBe('https://site.test/aromat?tab=seasons');
  });
});
