/** A build's changes in words: what the admin app's «Сайт» module says started a build. */
import { describe, expect, it } from 'vitest';
import { describeReason, recentBuilds } from '../../directus/extensions/site-rebuild/src/module/build-state.ts';
import type { BuildReport } from '../../shared/build-report.ts';
import { describeTally, tallyChanges, type ChangeFacts } from '../../shared/build-changes.ts';

const said = (...changes: ChangeFacts[]) => describeTally(tallyChanges([], changes));

describe('describeTally', () => {
  it('names one row with the word agreeing with it', () => {
    expect(said({ event: 'update', collection: 'titles', keys: [94], titles: [94], names: { 94: 'Сон в летнюю ночь' } }))
      .toBe('изменена дорама «Сон в летнюю ночь»');
    expect(said({ event: 'create', collection: 'actors', keys: [3], actors: [3], names: { 3: 'Ким Со Ён' } })).toBe('добавлен актёр «Ким Со Ён»');
    expect(said({ event: 'delete', collection: 'series', keys: [7], titles: [94], names: { 7: 'Серия 5' }, of: 'Сон' }))
      .toBe('удалена серия «Серия 5» (дорама «Сон»)');
    expect(said({ event: 'create', collection: 'updates', keys: [1], names: { 1: 'Сон' } })).toBe('добавлено обновление «Сон»');
    expect(said({ event: 'update', collection: 'static', keys: [1] })).toBe('изменены тексты сайта');
    expect(said({ event: 'update', collection: 'segments', keys: [57], titles: [94], names: { 94: 'Сон' }, of: 'Сон' }))
      .toBe('изменён отрезок № 57 (дорама «Сон»)');
    expect(said({ event: 'create', collection: 'segments', keys: [1, 2, 3, 4, 5], titles: [94], of: 'Сон' }))
      .toBe('добавлены 5 отрезков (дорама «Сон»)');
  });

  it('counts many rows in the agreeing form, names the first three and says how many more', () => {
    const names = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i + 1, `Дорама ${i + 1}`]));
    expect(said({ event: 'update', collection: 'titles', keys: Array.from({ length: 12 }, (_, i) => i + 1), names }))
      .toBe('изменены 12 дорам: «Дорама 1», «Дорама 2», «Дорама 3» и ещё 9');
    expect(said({ event: 'delete', collection: 'series', keys: [1, 2], names: { 1: 'Серия 1', 2: 'Серия 2' } }))
      .toBe('удалены 2 серии: «Серия 1» и «Серия 2»');
    expect(said({ event: 'create', collection: 'genres', keys: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21] }))
      .toBe('добавлен 21 жанр');
  });

  it('counts the rows of a change whose keys were cut short', () => {
    const keys = Array.from({ length: 50 }, (_, i) => i + 1);
    expect(said({ event: 'update', collection: 'titles', keys, more: 30 })).toBe('изменены 80 дорам');
    expect(said({ event: 'update', collection: 'titles', keys, more: 30 }, { event: 'update', collection: 'titles', keys: [1, 2], more: 0 })).toBe('изменены 80 дорам');
  });

  it('tells a link row as a change to its title or person, each title once', () => {
    expect(said(
      { event: 'update', collection: 'titles', keys: [5], titles: [5], names: { 5: 'Сон' } },
      { event: 'create', collection: 'titles_genres', keys: [40, 41], titles: [5], names: { 5: 'Сон' } },
      { event: 'delete', collection: 'actors_images', keys: [9], actors: [2], names: { 2: 'Ли Ха Рин' } },
    )).toBe('изменена дорама «Сон»; изменён актёр «Ли Ха Рин»');
  });

  it('does not say a row created or deleted in the build was changed too', () => {
    expect(said(
      { event: 'create', collection: 'titles', keys: [8], titles: [8], names: { 8: 'Новая' } },
      { event: 'create', collection: 'titles_tags', keys: [1], titles: [8], names: { 8: 'Новая' } },
      { event: 'update', collection: 'titles', keys: [9], titles: [9], names: { 9: 'Старая' } },
    )).toBe('добавлена дорама «Новая»; изменена дорама «Старая»');
  });

  it('gathers changes of several requests into one line each', () => {
    const tally = tallyChanges([], [{ event: 'update', collection: 'titles', keys: [1], names: { 1: 'А' } }]);
    tallyChanges(tally, [{ event: 'update', collection: 'titles', keys: [1, 2], names: { 1: 'А2', 2: 'Б' } }]);
    expect(tally).toHaveLength(1);
    expect(tally[0]!.count).toBe(2);
    // Renamed in the build: its latest name.
    expect(describeTally(tally)).toBe('изменены 2 дорамы: «А2» и «Б»');
  });

  it('says a row without a name by its number', () => {
    expect(said({ event: 'delete', collection: 'tags', keys: [12] })).toBe('удалён тег № 12');
  });
});

describe('describeReason (the «Сайт» module)', () => {
  const record = (o: Partial<BuildReport>): BuildReport => ({ id: 'b', reason: 'change', started: '2025-01-01T00:00:00Z', changes: [], changeCount: 0, ...o });

  it('says what started a build', () => {
    expect(describeReason(record({ reason: 'manual', by: 'u1', byName: 'Анна Ли' }))).toBe('ручная пересборка (Анна Ли)');
    expect(describeReason(record({ reason: 'counters' }))).toBe('обновление счётчиков: просмотры, отзывы и оценки');
    expect(describeReason(record({ reason: 'start' }))).toBe('запуск сайта');
    const tally = tallyChanges([], [{ event: 'update', collection: 'titles', keys: [94], names: { 94: 'Сон' } }]);
    expect(describeReason(record({ tally, changeCount: 1 }))).toBe('изменена дорама «Сон»');
  });

  it('counts the changes of a build kept from before they were tallied', () => {
    expect(describeReason(record({ changeCount: 5 }))).toBe('изменения в каталоге (5 изменений)');
  });

  it('lists the history, or the last build of a state without one', () => {
    const last = record({ id: 'last' });
    expect(recentBuilds({ current: null, building: null, pending: 0, last, history: [last, record({ id: 'before' })] }).map((b) => b.id)).toEqual(['last', 'before']);
    expect(recentBuilds({ current: null, building: null, pending: 0, last }).map((b) => b.id)).toEqual(['last']);
    expect(recentBuilds({ current: null, building: null, pending: 0, last: null })).toEqual([]);
  });
});
