import { describe, expect, it } from 'vitest';
import { MAX_NESTING, TOO_DEEP } from '../../shared/nesting.ts';
import type { Permission } from '../../shared/directus-internals.ts';
import type { SchemaOverview } from '../../shared/directus.ts';
import { accessFrom } from './collection-access.ts';
import { FOLLOW_REFUSED, QueryCheck, countedPerLinkedRow, linkOf, notStored, stepsThroughHidden, type Query } from './query-check.ts';
import { collectionWithAliases, relation } from './relation-fixture.ts';

const schema: SchemaOverview = {
  collections: { titles: collectionWithAliases('titles', ['comments']) },
  relations: [
    relation('comments', 'title', 'titles', 'comments'),
    relation('comments', 'user_created', 'directus_users'),
    relation('reactions', 'comment', 'comments', 'reactions'),
    relation('alerts', 'item', null),
    relation('directus_users', 'plan', 'plans'),
    // A list of genres on titles only: genres have no list of titles, so the admin app reaches it by $FOLLOW.
    relation('titles_genres', 'titles_id', 'titles', 'genres'),
    relation('titles_genres', 'genres_id', 'genres'),
    relation('messages', 'user_created', 'directus_users'),
  ],
};

const read = (collection: string, fields: string[], permissions: Record<string, unknown> | null = null): Permission =>
  ({ collection, action: 'read', fields, permissions });

/** A signed-in person as the site's policies read: the catalogue in full, published reviews, own email alone. */
const person = accessFrom([
  read('titles', ['*']),
  read('comments', ['id', 'text', 'title', 'user_created', 'reactions', 'date_created'], { status: { _eq: 'published' } }),
  read('reactions', ['id', 'comment', 'type'], { comment: { status: { _eq: 'published' } } }),
  read('directus_users', ['id', 'login']),
  read('directus_users', ['email', 'plan'], { id: { _eq: '$CURRENT_USER' } }),
  read('plans', ['*']),
  read('alerts', ['*'], { user: { _eq: '$CURRENT_USER' } }),
]);

const check = (collection: string, query: Query) => () => new QueryCheck(schema, person).query(collection, query);
const refusal = (collection: string, query: Query): string => {
  try {
    check(collection, query)();
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error('the query was let through');
};

describe('what a caller reads (accessFrom)', () => {
  it('reads every row only where some rule has no row condition', () => {
    expect(person.get('titles')?.allRows).toBe(true);
    expect(person.get('directus_users')?.allRows).toBe(true);
    expect(person.get('comments')?.allRows).toBe(false);
    expect(person.get('messages')).toBeUndefined();
  });

  it('counts a field readable on every row only when an open rule, or every rule, grants it', () => {
    const users = person.get('directus_users')!;
    expect(users.onEveryRow('login')).toBe(true);
    expect(users.onEveryRow('email')).toBe(false);
    expect(person.get('comments')!.onEveryRow('text')).toBe(true);
    expect(person.get('comments')!.onEveryRow('status')).toBe(false);
    expect(person.get('titles')!.onEveryRow('anything')).toBe(true);
  });

  it('treats an empty row condition as none and a rule without fields as granting nothing', () => {
    const access = accessFrom([read('tags', ['name'], {}), { ...read('tags', []), fields: null }]);
    expect(access.get('tags')?.allRows).toBe(true);
    expect(access.get('tags')?.onEveryRow('name')).toBe(true);
    expect(access.get('tags')?.onEveryRow('slug')).toBe(false);
  });
});

describe('linkOf', () => {
  it('tells many-to-one, one-to-many, any-collection and plain fields apart', () => {
    expect(linkOf(schema, 'comments', 'title')).toEqual({ kind: 'm2o', target: 'titles', relation: 'comments.title' });
    expect(linkOf(schema, 'titles', 'comments')).toEqual({ kind: 'o2m', target: 'comments', relation: 'comments.title' });
    expect(linkOf(schema, 'alerts', 'item')).toEqual({ kind: 'a2o', target: null, relation: 'alerts.item' });
    expect(linkOf(schema, 'titles', 'name')).toBeNull();
  });
});

describe('filters', () => {
  it('lets through fields read on every row, inside _and and _or too', () => {
    expect(check('comments', { filter: { _and: [{ text: { _contains: 'хорошо' } }, { _or: [{ id: { _gt: 3 } }] }] } })).not.toThrow();
    expect(check('directus_users', { filter: { login: { _eq: 'sakura_fan' } } })).not.toThrow();
  });

  it('refuses a field read on some rows only, however deep in _and/_or it hides', () => {
    expect(refusal('directus_users', { filter: { email: { _starts_with: 'a' } } })).toBe('Нельзя фильтровать по полю «email»');
    expect(refusal('comments', { filter: { _or: [{ id: { _eq: 1 } }, { _and: [{ status: { _eq: 'draft' } }] }] } })).toBe('Нельзя фильтровать по полю «status»');
  });

  it('refuses a field of a collection the caller cannot read at all', () => {
    expect(refusal('messages', { filter: { text: { _nnull: true } } })).toBe('Нельзя фильтровать по полю «text»');
  });

  it('refuses $FOLLOW and links to any collection', () => {
    expect(refusal('titles', { filter: { '$FOLLOW(comments,title)': { _some: {} } } })).toBe(FOLLOW_REFUSED);
    expect(refusal('genres', { filter: { '$FOLLOW(titles_genres,genres_id)': { _none: { titles_id: { _eq: 1 } } } } })).toBe(FOLLOW_REFUSED);
    expect(refusal('alerts', { filter: { 'item:titles': { name: { _eq: 'x' } } } })).toBe('Фильтр по связи с любой коллекцией недоступен');
    expect(refusal('alerts', { filter: { item: { _eq: '1' } } })).toBe('Фильтр по связи с любой коллекцией недоступен');
  });

  it('refuses functions over relations and allows them over columns', () => {
    expect(refusal('titles', { filter: { 'count(comments)': { _gt: 1 } } })).toBe('Функция count() над связью недоступна');
    expect(check('comments', { filter: { 'year(date_created)': { _eq: 2026 } } })).not.toThrow();
  });

  it('steps along a many-to-one link only into a collection read in full', () => {
    expect(check('comments', { filter: { title: { name: { _eq: 'Дорама' } } } })).not.toThrow();
    expect(check('comments', { filter: { title: { _eq: 5 } } })).not.toThrow();
    expect(refusal('reactions', { filter: { comment: { text: { _contains: 'секрет' } } } })).toBe('Фильтр по «comment» заходит в записи, закрытые для вас');
  });

  it('steps into a one-to-many link through _some and _none, checking the rows inside by the same rules', () => {
    expect(check('titles', { filter: { comments: { _some: { text: { _contains: 'a' } } } } })).not.toThrow();
    expect(check('titles', { filter: { comments: { _none: { id: { _null: true } } } } })).not.toThrow();
    expect(refusal('titles', { filter: { comments: { _some: { status: { _eq: 'draft' } } } } })).toBe('Нельзя фильтровать по полю «status»');
    expect(refusal('titles', { filter: { comments: { _some: { user_created: { email: { _eq: 'a@b.c' } } } } } })).toBe('Нельзя фильтровать по полю «email»');
  });

  it('refuses a one-to-many link stepped into or tested directly when its rows are not all readable', () => {
    expect(refusal('titles', { filter: { comments: { text: { _eq: 'x' } } } })).toBe('Фильтр по «comments» заходит в записи, закрытые для вас');
    expect(refusal('titles', { filter: { comments: { _nnull: true } } })).toBe('Связанные записи «comments» проверяются только через _some или _none');
  });

  it('refuses filters nested deeper than the limit with the invalid-query error', () => {
    let filter: Record<string, unknown> = { id: { _eq: 1 } };
    for (let i = 0; i < MAX_NESTING; i++) filter = { _and: [filter] };
    expect(check('titles', { filter })).toThrow(TOO_DEEP);
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < MAX_NESTING + 1; i++) deep = { comments: deep };
    expect(check('titles', { deep })).toThrow(TOO_DEEP);
  });
});

describe('$FOLLOW in the admin app', () => {
  /** An editor: the catalogue and its junctions in full, public messages only, people without their email. */
  const editor = accessFrom([
    read('titles', ['*']),
    read('genres', ['*']),
    read('titles_genres', ['*']),
    read('comments', ['id', 'text', 'title'], { status: { _eq: 'published' } }),
    read('messages', ['*'], { publicChat: { _eq: true } }),
    read('directus_users', ['id', 'login']),
  ]);
  const app = (collection: string, query: Query) => () => new QueryCheck(schema, editor, { app: true }).query(collection, query);
  const appRefusal = (collection: string, query: Query): string => {
    try {
      app(collection, query)();
    } catch (err) {
      return (err as Error).message;
    }
    throw new Error('the query was let through');
  };

  it('lets through the «Добавить существующий» list: the rows not yet linked to this record', () => {
    const notLinked = { _and: [{ id: { _nin: [2, 3] } }, { '$FOLLOW(titles_genres,genres_id)': { _none: { titles_id: { _eq: 1 } } } }] };
    expect(app('genres', { filter: notLinked, sort: ['name'] })).not.toThrow();
    expect(app('genres', { filter: { '$FOLLOW( titles_genres , genres_id )': { _some: {} } } })).not.toThrow();
    expect(app('comments', { filter: { '$FOLLOW(titles_genres,titles_id)': { _none: {} } } })).toThrow(FOLLOW_REFUSED);
  });

  it('checks the rows it steps into like those of every to-many link', () => {
    expect(appRefusal('titles', { filter: { '$FOLLOW(comments,title)': { _some: { status: { _eq: 'draft' } } } } })).toBe('Нельзя фильтровать по полю «status»');
    expect(appRefusal('titles', { filter: { '$FOLLOW(comments,title)': { text: { _eq: 'x' } } } })).toBe('Фильтр по «$FOLLOW(comments,title)» заходит в записи, закрытые для вас');
    expect(appRefusal('titles', { filter: { '$FOLLOW(comments,title)': { _nnull: true } } })).toBe('Связанные записи «comments» проверяются только через _some или _none');
    expect(app('directus_users', { filter: { '$FOLLOW(messages,user_created)': { _some: { text: { _contains: 'привет' } } } } })).not.toThrow();
  });

  it('refuses a collection the caller reads nothing of, a pair of names that is no relation into the collection, and the other uses', () => {
    // Directus would run its _some over every row of a collection the caller has no rule on.
    expect(appRefusal('comments', { filter: { '$FOLLOW(reactions,comment)': { _some: {} } } })).toBe('Нельзя фильтровать по полю «comment»');
    // Any column compared to the keys: never one that is no relation, nor a relation into another collection.
    expect(appRefusal('titles', { filter: { '$FOLLOW(directus_users,login)': { _some: {} } } })).toBe(FOLLOW_REFUSED);
    expect(appRefusal('titles', { filter: { '$FOLLOW(reactions,comment)': { _some: {} } } })).toBe(FOLLOW_REFUSED);
    expect(appRefusal('plans', { filter: { '$FOLLOW(titles_genres,genres_id)': { _some: {} } } })).toBe(FOLLOW_REFUSED);
    expect(appRefusal('titles', { filter: { '$FOLLOW(alerts,item,collection)': { _some: {} } } })).toBe(FOLLOW_REFUSED);
    expect(appRefusal('genres', { sort: ['$FOLLOW(titles_genres,genres_id)'] })).toBe(FOLLOW_REFUSED);
  });
});

describe('sorts, groups and aggregates', () => {
  it('lets through own fields and many-to-one steps into collections read in full', () => {
    expect(check('comments', { sort: ['-date_created', 'title.name'], group: ['title'], aggregate: { count: '*', countDistinct: ['user_created'] } })).not.toThrow();
    expect(check('comments', { sort: 'user_created.login' })).not.toThrow();
  });

  it('refuses fields read on some rows only', () => {
    expect(refusal('comments', { sort: ['user_created.email'] })).toBe('Нельзя сортировать по полю «email»');
    expect(refusal('directus_users', { aggregate: { countDistinct: 'email' } })).toBe('Нельзя считать по полю «email»');
    expect(refusal('directus_users', { group: ['email'] })).toBe('Нельзя группировать по полю «email»');
  });

  it('refuses steps along one-to-many links and into collections not read in full', () => {
    expect(refusal('titles', { sort: ['comments.text'] })).toBe('Сортировка по «comments.text» недоступна');
    expect(refusal('reactions', { sort: ['-comment.text'] })).toBe('Сортировка по «-comment.text» недоступна');
  });

  it('refuses to order, group or count by a list of related rows, which has no column', () => {
    for (const query of [{ sort: 'comments' }, { group: ['comments'] }, { aggregate: { countDistinct: 'comments' } }, { aggregate: { count: ['comments'] } }]) {
      expect(check('titles', query)).toThrow(notStored('comments'));
    }
    expect(check('comments', { sort: '-title.comments' })).toThrow(notStored('-title.comments'));
  });
});

describe('aggregates under a filter through a to-many link', () => {
  const throughList = { comments: { _some: { text: { _nnull: true } } } };

  it('count each row once: countDistinct, min and max', () => {
    expect(check('titles', { filter: throughList, aggregate: { countDistinct: ['id'], max: ['id'] } })).not.toThrow();
    expect(check('titles', { filter: { id: { _eq: 1 } }, aggregate: { count: '*' } })).not.toThrow();
  });

  it('refuses count, sum and avg, which count a row once per linked row, hidden ones too', () => {
    expect(check('titles', { filter: throughList, aggregate: { count: '*' } })).toThrow(countedPerLinkedRow('count'));
    expect(check('titles', { filter: { _or: [{ id: { _eq: 1 } }, { comments: { _none: { id: { _gt: 0 } } } }] }, aggregate: { sum: ['id'] } }))
      .toThrow(countedPerLinkedRow('sum'));
    expect(check('comments', { filter: { reactions: { _some: { type: { _eq: 'like' } } } }, group: ['title'], aggregate: { avg: ['id'] } }))
      .toThrow(countedPerLinkedRow('avg'));
  });

  it('leaves a filter of a nested read alone, and the admin app its own totals', () => {
    expect(check('titles', { deep: { comments: { _filter: { reactions: { _some: { type: { _eq: 'like' } } } } } }, aggregate: { count: '*' } })).not.toThrow();
    expect(() => new QueryCheck(schema, person, { app: true }).query('titles', { filter: throughList, aggregate: { count: '*' } })).not.toThrow();
  });
});

describe('nested reads (deep)', () => {
  it('checks their filters and sorts against the related collection', () => {
    expect(check('titles', { deep: { comments: { _filter: { text: { _nnull: true } }, _sort: ['-date_created'] } } })).not.toThrow();
    expect(refusal('titles', { deep: { comments: { _filter: { status: { _eq: 'draft' } } } } })).toBe('Нельзя фильтровать по полю «status»');
    expect(refusal('titles', { deep: { comments: { _sort: 'user_created.email' } } })).toBe('Нельзя сортировать по полю «email»');
    expect(refusal('titles', { deep: { comments: { reactions: { _filter: { user_created: { _eq: 'x' } } } } } })).toBe('Нельзя фильтровать по полю «user_created»');
  });

  it('checks a nested read named by an alias, at the top and nested', () => {
    const byEmail = { _filter: { user_created: { email: { _eq: 'a@example.com' } } } };
    expect(refusal('titles', { alias: { c: 'comments' }, deep: { c: byEmail } })).toBe('Нельзя фильтровать по полю «email»');
    expect(refusal('titles', { alias: { c: 'comments' }, deep: { c: { _sort: ['user_created.email'] } } })).toBe('Нельзя сортировать по полю «email»');
    expect(refusal('titles', { deep: { comments: { _alias: { r: 'reactions' }, r: { _filter: { user_created: { _eq: 'x' } } } } } })).toBe('Нельзя фильтровать по полю «user_created»');
    expect(check('titles', { alias: { c: 'comments' }, deep: { c: { _filter: { text: { _nnull: true } } } } })).not.toThrow();
  });

  it('checks a nested read through a link to any collection against the collection it names', () => {
    expect(refusal('alerts', { deep: { 'item:comments': { _filter: { status: { _eq: 'draft' } } } } })).toBe('Нельзя фильтровать по полю «status»');
  });
});

describe('the fields a read asks', () => {
  it('step into related rows only through a field read on every row, by name, alias or wildcard', () => {
    expect(refusal('directus_users', { fields: ['login', 'plan.name'] })).toBe(stepsThroughHidden('plan'));
    expect(refusal('comments', { fields: ['user_created.plan.name'] })).toBe(stepsThroughHidden('plan'));
    expect(refusal('directus_users', { fields: ['p.name'], alias: { p: 'plan' } })).toBe(stepsThroughHidden('plan'));
    expect(refusal('comments', { fields: ['u.p.name'], alias: { u: 'user_created' }, deep: { u: { _alias: { p: 'plan' } } } })).toBe(stepsThroughHidden('plan'));
    expect(refusal('directus_users', { fields: ['*.*'] })).toBe(stepsThroughHidden('plan'));
  });

  it('may name such a field alone, and step through the others', () => {
    expect(check('directus_users', { fields: ['id', 'login', 'plan', 'email'] })).not.toThrow();
    expect(check('comments', { fields: ['*', 'user_created.login', 'reactions.type', 'title.*'] })).not.toThrow();
  });
});
