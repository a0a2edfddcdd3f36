import { describe, expect, it } from 'vitest';
import type { SchemaOverview } from '../../shared/directus.ts';
import { notStored } from './query-check.ts';
import { collectionWithAliases } from './relation-fixture.ts';
import { unstoredGroupError } from './query-shape-check.ts';

const schema: SchemaOverview = { collections: { titles: collectionWithAliases('titles', ['series']) }, relations: [] };

describe('unstoredGroupError', () => {
  it('refuses a group by a list of related rows, alone or beside other fields', () => {
    expect(unstoredGroupError(schema, 'titles', ['series'])).toBe(notStored('series'));
    expect(unstoredGroupError(schema, 'titles', ['name', 'series'])).toBe(notStored('series'));
  });

  it('leaves stored fields, functions and unknown names to the other checks', () => {
    for (const group of [undefined, ['name'], ['count(series)'], ['constructor'], 'series ']) {
      expect(unstoredGroupError(schema, 'titles', group), JSON.stringify(group)).toBeNull();
    }
    expect(unstoredGroupError(schema, 'nothing', ['series'])).toBeNull();
  });
});
