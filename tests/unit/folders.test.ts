/** The admin app's navigation folders: every collection an editor sees in exactly one, junctions outside. */
import { describe, expect, it } from 'vitest';
import { COLLECTIONS } from '../../directus/schema/collections.ts';
import { FOLDERS, folderCollection, inFolder } from '../../directus/schema/folders.ts';

const shown = COLLECTIONS.filter((c) => !c.meta.hidden).map((c) => c.collection);

describe('navigation folders', () => {
  it('are the six editors asked for, in this order', () => {
    expect(FOLDERS.map((f) => f.name)).toEqual(['Каталог', 'Люди', 'Сообщество', 'Чат', 'Подписки', 'Сайт']);
  });

  it('hold every collection an editor sees exactly once, and only those', () => {
    const members = FOLDERS.flatMap((f) => f.members);
    expect([...members].sort()).toEqual([...shown].sort());
    expect(new Set(members).size).toBe(members.length);
  });

  it('leave the junctions hidden and outside', () => {
    const junctions = COLLECTIONS.filter((c) => c.meta.hidden);
    expect(junctions.length).toBeGreaterThan(0);
    expect(junctions.map(inFolder).every((c) => c.meta.group === undefined && c.meta.hidden === true)).toBe(true);
  });

  it('put a collection in its folder at its place, and are collections without a table', () => {
    const titles = inFolder(COLLECTIONS.find((c) => c.collection === 'titles')!);
    expect(titles.meta).toMatchObject({ group: 'folder_catalogue', sort: 1 });
    const catalogue = folderCollection(FOLDERS[0]!, 1);
    expect(catalogue.schema).toBeNull();
    expect(catalogue.meta.translations).toEqual([{ language: 'ru-RU', translation: 'Каталог', singular: 'Каталог', plural: 'Каталог' }]);
    // A folder's name is no collection's: Directus keys both in one list.
    expect(FOLDERS.filter((f) => COLLECTIONS.some((c) => c.collection === f.collection))).toEqual([]);
  });
});
