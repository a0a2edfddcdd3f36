import { describe, expect, it } from 'vitest';
import type { SchemaOverview } from '../../shared/directus.ts';
import { MAX_READ_ROWS } from '../../../../shared/rules.ts';
import { MAX_ALIASES, MAX_LIST_STEPS, TOO_FAR, TOO_MANY_ALIASES, TOO_MANY_ROWS, TURNS_BACK, aliasCount, checkReadReach, listSteps, turnsBack } from './field-reach.ts';
import { namedPath } from './query-check.ts';
import { relation } from './relation-fixture.ts';

// The site's shapes: reviews on titles and posts, replies, reactions, pictures through a junction, genres many-to-many.
const schema: SchemaOverview = {
  collections: {},
  relations: [
    relation('comments', 'title', 'titles', 'comments'),
    relation('comments', 'post', 'posts', 'comments'),
    relation('comments', 'comment', 'comments'),
    relation('comments', 'user_created', 'directus_users'),
    relation('reactions', 'comment', 'comments', 'reactions'),
    relation('comments_files', 'comments_id', 'comments', 'images'),
    relation('comments_files', 'directus_files_id', 'directus_files'),
    relation('titles_genres', 'titles_id', 'titles', 'genres'),
    relation('titles_genres', 'genres_id', 'genres'),
    relation('alerts', 'item', null),
  ],
};

describe('listSteps', () => {
  it.each([
    ['titles', 'name', 0],
    ['comments', 'user_created.login', 0],
    ['comments', 'comment.comment.user_created.login', 0],
    ['titles', 'genres.genres_id.name', 1],
    ['posts', 'comments.reactions.type', 2],
    ['posts', 'comments.images.directus_files_id.id', 2],
    ['posts', 'comments.comment.reactions.id', 2],
    ['titles', 'comments.reactions.comment.reactions.id', 3],
    ['titles', '*', 1],
    ['genres', '*', 0],
    ['genres', '*.*', 1],
    ['titles', 'comments.*', 2],
    ['titles', '*.*', 2],
    ['titles', '*.id', 1],
    ['titles', '*.comment.id', 2],
    ['titles', '*.*.*', 3],
    ['alerts', 'item:comments.reactions.id', 1],
  ])('%s: %s steps into %i lists', (collection, path, steps) => {
    expect(listSteps(schema, collection, path)).toBe(steps);
  });

  it('looks a first name up among the aliases, and counts a step through any other name that is no relation', () => {
    expect(listSteps(schema, 'titles', 'talk.reactions.id', { talk: 'comments' })).toBe(2);
    expect(listSteps(schema, 'titles', 'talk.id', { talk: 'comments' })).toBe(1);
    expect(listSteps(schema, 'titles', 'comments.again.reactions.id')).toBe(3);
    expect(listSteps(schema, 'titles', 'talk')).toBe(0);
  });
});

describe('checkReadReach', () => {
  it(`lets through every path of at most ${MAX_LIST_STEPS} lists`, () => {
    expect(() => checkReadReach(schema, 'posts', { fields: ['id', 'comments.reactions.type', 'comments.comment.reactions.id', '*.*'] })).not.toThrow();
  });

  it.each([
    ['a wildcard three deep', ['*.*.*']],
    ['a wildcard five deep among plain fields', ['id', '*.*.*.*.*']],
    ['a named path into three lists', 'comments.reactions.comment.reactions.id'],
  ])('refuses %s', (_what, fields) => {
    expect(() => checkReadReach(schema, 'titles', { fields })).toThrow(TOO_FAR);
  });

  it(`lets a read ask for up to ${MAX_READ_ROWS} rows, and refuses every row or more, plain fields too`, () => {
    expect(() => checkReadReach(schema, 'titles', { fields: ['genres.genres_id.name'], limit: MAX_READ_ROWS })).not.toThrow();
    expect(() => checkReadReach(schema, 'comments', { fields: ['id', 'text'], limit: MAX_READ_ROWS })).not.toThrow();
    for (const limit of [-1, MAX_READ_ROWS + 1]) {
      expect(() => checkReadReach(schema, 'titles', { fields: ['genres.genres_id.name'], limit })).toThrow(TOO_MANY_ROWS);
      // No fields named reads them all, lists included.
      expect(() => checkReadReach(schema, 'titles', { limit })).toThrow(TOO_MANY_ROWS);
      expect(() => checkReadReach(schema, 'comments', { fields: ['id', 'text', 'comment.user_created.login'], limit })).toThrow(TOO_MANY_ROWS);
      expect(() => checkReadReach(schema, 'genres', { fields: ['*'], limit })).toThrow(TOO_MANY_ROWS);
    }
  });

  it('caps the groups of an aggregate, but not one without groups, which answers one row', () => {
    expect(() => checkReadReach(schema, 'comments', { aggregate: { count: ['*'] }, limit: -1 })).not.toThrow();
    expect(() => checkReadReach(schema, 'comments', { aggregate: { count: ['*'] }, group: ['title'], limit: MAX_READ_ROWS })).not.toThrow();
    for (const limit of [-1, MAX_READ_ROWS + 1]) {
      expect(() => checkReadReach(schema, 'comments', { aggregate: { count: ['*'] }, group: ['title'], limit })).toThrow(TOO_MANY_ROWS);
    }
  });

  it("caps the rows of people and uploads, but not Directus's settings", () => {
    const system: SchemaOverview = {
      collections: {},
      relations: [
        relation('directus_fields', 'collection', 'directus_collections', 'fields'),
        relation('directus_access', 'user', 'directus_users', 'policies'),
      ],
    };
    expect(() => checkReadReach(system, 'directus_collections', { limit: -1 })).not.toThrow();
    expect(() => checkReadReach(system, 'directus_users', { limit: -1 })).toThrow(TOO_MANY_ROWS);
  });
});

describe('aliasCount', () => {
  it('counts the read\'s own aliases and those of its nested reads', () => {
    expect(aliasCount({})).toBe(0);
    expect(aliasCount({ alias: { a: 'comments', b: 'name' }, deep: { a: { _alias: { c: 'reactions' }, reactions: { _alias: { d: 'id', e: 'type' } } } } })).toBe(5);
  });

  it(`refuses a read of more than ${MAX_ALIASES} aliases`, () => {
    const alias = Object.fromEntries(Array.from({ length: MAX_ALIASES + 1 }, (_, i) => [`a${i}`, 'comments']));
    expect(() => checkReadReach(schema, 'titles', { fields: Object.keys(alias).map((a) => `${a}.id`), alias })).toThrow(TOO_MANY_ALIASES);
    const nested = Object.fromEntries(Array.from({ length: MAX_ALIASES + 1 }, (_, i) => [`r${i}`, 'reactions']));
    expect(() => checkReadReach(schema, 'titles', { fields: ['comments.id'], deep: { comments: { _alias: nested } } })).toThrow(TOO_MANY_ALIASES);
  });
});

describe('turnsBack', () => {
  it.each([
    ['comments', 'title.comments.id', true],
    ['titles', 'comments.title.name', true],
    ['titles', 'genres.titles_id.genres.id', true],
    ['comments', 'comment.comment.comment.id', false],
    ['titles', 'comments.reactions.type', false],
    ['titles', 'genres.genres_id.name', false],
    ['comments', 'title.*', false],
  ])('%s: %s → %s', (collection, path, back) => {
    expect(turnsBack(schema, collection, path.split('.'))).toBe(back);
  });

  it('sees through aliases at the root and in nested reads', () => {
    const parts = namedPath('t.c.title.name', { t: 'title' }, { t: { _alias: { c: 'comments' } } });
    expect(parts).toEqual(['title', 'comments', 'title', 'name']);
    expect(turnsBack(schema, 'comments', parts)).toBe(true);
    expect(() => checkReadReach(schema, 'comments', { fields: ['t.c.id'], alias: { t: 'title' }, deep: { t: { _alias: { c: 'comments' } } } }))
      .toThrow(TURNS_BACK);
    expect(() => checkReadReach(schema, 'comments', { fields: ['title.name', 'comment.comment.id'] })).not.toThrow();
  });
});
