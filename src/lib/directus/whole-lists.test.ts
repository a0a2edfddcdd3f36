import { describe, expect, it } from 'vitest';
import { wholeLists } from './whole-lists.ts';
import { ACTOR_FIELDS, TITLE_ROW_READ_FIELDS } from './fields.ts';
import { EPISODES_DEEP } from './signed-in-fields.ts';
import type { Title, WatchProgress } from './schema.ts';

describe('wholeLists', () => {
  it('asks for every row of each nested list, at every depth', () => {
    expect(wholeLists(['id', { images: [{ directus_files_id: ['id'] }] }, { genres: [{ genres_id: ['id', 'name'] }] }])).toEqual({
      images: { _limit: -1, directus_files_id: { _limit: -1 } },
      genres: { _limit: -1, genres_id: { _limit: -1 } },
    });
  });

  it('names every relation of a title as the build reads it, the cast first of all', () => {
    const deep = wholeLists<Title>(TITLE_ROW_READ_FIELDS) as Record<string, { _limit: number }>;
    const nested = TITLE_ROW_READ_FIELDS.flatMap((f) => (typeof f === 'string' ? [] : Object.keys(f)));
    expect(Object.keys(deep).sort()).toEqual([...nested].sort());
    for (const field of ['actors', 'directors', 'screenwriters', 'genres', 'tags', 'images', 'relatedTitles']) expect(deep[field]?._limit, field).toBe(-1);
    expect(Object.keys(wholeLists(ACTOR_FIELDS)).sort()).toEqual(['genres', 'images']);
  });

  it('keeps a relation\'s own options beside its nested lists', () => {
    const deep = wholeLists<Title>(TITLE_ROW_READ_FIELDS, { ...EPISODES_DEEP, soundtracks: { _sort: ['id'] } }) as Record<string, Record<string, unknown>>;
    expect(deep.series).toEqual(EPISODES_DEEP.series);
    expect(deep.soundtracks).toEqual({ _limit: -1, _sort: ['id'], soundtracks: { _limit: -1, directus_files_id: { _limit: -1 } } });
  });

  it("lays a read's own options over lists at any depth: a bound kept, the lists beneath still whole", () => {
    const deep = wholeLists<Title>(TITLE_ROW_READ_FIELDS, { images: { _limit: 5 } }) as Record<string, unknown>;
    expect(deep.images).toEqual({ _limit: 5, directus_files_id: { _limit: -1 } });
    const continuing = [{ title: ['id', { genres: [{ genres_id: ['name'] }] }, { series: ['id', { segments: ['kind'] }] }] }] as const;
    expect(wholeLists<WatchProgress>(continuing, { title: EPISODES_DEEP })).toEqual({
      title: {
        _limit: -1, ...EPISODES_DEEP, genres: { _limit: -1, genres_id: { _limit: -1 } }, series: { ...EPISODES_DEEP.series, segments: { _limit: -1 } },
      },
    });
  });
});
