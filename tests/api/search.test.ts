/**
 * The search endpoint on a fresh catalogue: the index follows every write, drafts stay out, the
 * ranking is the issue's, people have their own group, bad input is a 400, and 'Часто ищут:' counts
 * openings per title once per visitor. (The demo catalogue's query set is in seed.test.ts.)
 */
import { randomInt, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { TITLE_CARD_FIELDS } from '../../shared/card-fields.ts';
import { QUERY_TOO_LONG, SEARCH_OPENS_MIN, SEARCH_QUERY_MAX } from '../../shared/search-limits.ts';
import { nameKeys, swapLayout } from '../../shared/search-variants.ts';
import { admin, call, newTitle, newUser, type TestUser } from '../support/api.ts';
import { adminRead, expectRefused } from '../support/fixtures.ts';
import { restFields } from '../support/rest-fields.ts';

interface Found { titles: { id: number; name: string; comments_count: number }[]; people: { id: number; slug: string; nameRu: string; avatar: unknown }[]; understood: string | null }

const search = async (q: string) => {
  const res = await call<Found>('GET', `/site/search?q=${encodeURIComponent(q)}`);
  expect(res.status).toBe(200);
  return res.data;
};
const titleIds = async (q: string) => (await search(q)).titles.map((t) => t.id);

/** A made-up word no other test uses, Russian letters only: 12^7 words, so no other is one letter from it. */
function madeUpWord(): string {
  const syllables = ['ба', 'ро', 'ми', 'ту', 'ле', 'ка', 'зо', 'ну', 'фи', 'да', 'ши', 'го'];
  return Array.from({ length: 7 }, () => syllables[randomInt(syllables.length)]).join('');
}

describe('the index follows every write', () => {
  it('finds a new title by its name, loses the old name on a rename, and forgets it when deleted', async () => {
    const word = madeUpWord();
    const t = await newTitle({ name: `${word} навсегда` });
    expect(await titleIds(word)).toEqual([t.id]);
    const renamed = madeUpWord();
    await (await admin()).patch(`/items/titles/${t.id}`, { name: `${renamed} навсегда` });
    expect(await titleIds(renamed)).toEqual([t.id]);
    // A word found nowhere is corrected to the nearest indexed word, which another test's title may hold.
    expect(await titleIds(word)).not.toContain(t.id);
    await (await admin()).delete(`/items/titles/${t.id}`);
    expect(await titleIds(renamed)).not.toContain(t.id);
  });

  it('takes a name with quotes and backslashes into the index word by word', async () => {
    const [quoted, after] = [madeUpWord(), madeUpWord()];
    const t = await newTitle({ name: `"${quoted}" \\ ${after}\\"` });
    expect(await titleIds(quoted)).toEqual([t.id]);
    expect(await titleIds(after)).toEqual([t.id]);
  });

  it('never shows a draft, and shows it once published', async () => {
    const word = madeUpWord();
    const t = await newTitle({ name: word, status: 'draft' });
    expect(await titleIds(word)).not.toContain(t.id);
    await (await admin()).patch(`/items/titles/${t.id}`, { status: 'published' });
    expect(await titleIds(word)).toEqual([t.id]);
  });

  it('keeps the index columns out of anyone\'s hands', async () => {
    const t = await newTitle({ name: 'Честное имя', searchNames: '|подделка|', searchOpens: 999 });
    const row = await adminRead('titles', t.id, 'searchNames,searchOpens');
    expect(row.searchNames).toBe(nameKeys(['Честное имя']));
    expect(row.searchOpens).toBe(0);
    await (await admin()).patch(`/items/titles/${t.id}`, { searchOpens: 5000, searchBody: 'x' });
    expect((await adminRead('titles', t.id, 'searchOpens')).searchOpens).toBe(0);
  });
});

describe('what a query is taken to mean', () => {
  let word: string;
  let exact: { id: number };
  let prefix: { id: number };
  let inside: { id: number };
  let described: { id: number };

  beforeAll(async () => {
    word = madeUpWord();
    // Views say the opposite of the ranking: the tiers, not the views, decide first.
    described = await newTitle({ name: 'Совсем другое имя', description: `Про ${word} и не только.`, views: 900 });
    inside = await newTitle({ name: `Тайна ${word}`, views: 600 });
    prefix = await newTitle({ name: `${word} возвращается`, views: 300 });
    exact = await newTitle({ name: word, views: 1 });
  });

  it('ranks an exact name, then a name starting with it, then a name with it, then the description', async () => {
    expect(await titleIds(word)).toEqual([exact.id, prefix.id, inside.id, described.id]);
  });

  it('ranks two words alike: the name they are, any name starting with them, names with both', async () => {
    const [first, second] = [madeUpWord(), madeUpWord()];
    const both = await newTitle({ name: `Тайна ${second} и ${first}`, views: 600 });
    const starting = await newTitle({ name: 'Другое имя', anotherName: `${first} ${second} снова`, views: 300 });
    const named = await newTitle({ name: 'Третье имя', originalName: `${first} ${second}`, views: 1 });
    expect(await titleIds(`${first} ${second}`)).toEqual([named.id, starting.id, both.id]);
  });

  it('breaks ties by views', async () => {
    const shared = madeUpWord();
    const few = await newTitle({ name: `${shared} раз`, views: 5 });
    const many = await newTitle({ name: `${shared} два`, views: 50 });
    expect(await titleIds(shared)).toEqual([many.id, few.id]);
  });

  it('finds the name typed in the other keyboard layout, and says what it understood', async () => {
    const found = await search(swapLayout(word));
    expect(found.titles[0]?.id).toBe(exact.id);
    expect(found.understood).toBe(word);
  });

  it('forgives a letter dropped and two swapped, names matched by the corrected word by views, and shows the word', async () => {
    const letters = [...word];
    const dropped = [...letters.slice(0, 3), ...letters.slice(4)].join('');
    const swapped = [...letters.slice(0, 3), letters[4], letters[3], ...letters.slice(5)].join('');
    for (const typo of [dropped, swapped]) {
      await expect.poll(async () => (await search(typo)).titles.map((t) => t.id), { timeout: 10_000 }).toEqual([inside.id, prefix.id, exact.id]);
      expect((await search(typo)).understood).toBe(word);
    }
  });

  it('shows nothing for a word nothing is close to, and an empty box asks nothing', async () => {
    expect(await search('щщщщщщщ')).toEqual({ titles: [], people: [], understood: null });
    expect(await search('   ')).toEqual({ titles: [], people: [], understood: null });
  });

  it('answers cards with their shown review count', async () => {
    const user = await newUser();
    await user.call('POST', '/items/comments', { text: 'Отзыв', title: exact.id });
    const card = (await search(word)).titles.find((t) => t.id === exact.id)!;
    expect(card.comments_count).toBe(1);
  });

  it('answers each card as a visitor reads the title with the card\'s fields: genres in their order, country, category', async () => {
    const a = await admin();
    const stamp = randomUUID().slice(0, 8);
    const [second, first] = [await a.post<{ id: number }>('/items/genres', { name: `Жанр Б ${stamp}` }), await a.post<{ id: number }>('/items/genres', { name: `Жанр А ${stamp}` })];
    const country = await a.post<{ id: number }>('/items/countries', { name: `Страна ${stamp}` });
    const category = await a.post<{ id: number }>('/items/categories', { name: `Категория ${stamp}`, slug: `search-card-${stamp}` });
    const shared = madeUpWord();
    const full = await newTitle({
      name: `${shared} полный`, description: 'Описание карточки', releaseYear: 2024, releaseStatus: 'Окончен', ageRating: '16+', views: 7,
      country: country.id, category: category.id, genres: [{ genres_id: first.id }, { genres_id: second.id }],
    });
    const bare = await newTitle({ name: `${shared} пустой` });
    const found = (await search(shared)).titles;
    expect(found.map((t) => t.id).sort()).toEqual([full.id, bare.id].sort());
    for (const { id } of [full, bare]) {
      const read = await call('GET', `/items/titles/${id}?fields=${restFields(TITLE_CARD_FIELDS).join(',')}`);
      expect(read.status).toBe(200);
      expect(found.find((t) => t.id === id)).toEqual({ ...read.data, comments_count: 0 });
    }
  });
});

describe('people', () => {
  it('finds a person by Russian or English name, typos forgiven, in their own group', async () => {
    const ru = `${madeUpWord()} Лин`;
    const a = await (await admin()).post<{ id: number; slug: string }>('/items/actors', { slug: `person-${randomUUID().slice(0, 8)}`, nameRu: ru, nameEn: 'Unique Personname' });
    expect((await search(ru)).people.map((p) => p.id)).toEqual([a.id]);
    expect((await search('personname')).people.map((p) => p.slug)).toEqual([a.slug]);
    await expect.poll(async () => (await search('Persnoname')).people.map((p) => p.id), { timeout: 10_000 }).toEqual([a.id]);
    await (await admin()).patch(`/items/actors/${a.id}`, { nameEn: 'Other Fullname' });
    expect((await search('personname')).people).toEqual([]);
  });
});

describe('bad input', () => {
  it('refuses a query that is no text with a 400', async () => {
    expectRefused(await call('GET', '/site/search'), 400, 'Укажите запрос');
    expectRefused(await call('GET', '/site/search?q[]=a&q[]=b'), 400, 'Укажите запрос');
    expectRefused(await call('GET', '/site/search?q[_eq]=a'), 400, 'Укажите запрос');
  });

  it('refuses a query longer than any name with a 400 saying so in Russian, and takes one at the limit', async () => {
    expectRefused(await call('GET', `/site/search?q=${'а'.repeat(SEARCH_QUERY_MAX + 1)}`), 400, QUERY_TOO_LONG);
    expectRefused(await call('GET', `/site/search?q=${encodeURIComponent('дорама '.repeat(43))}`), 400, QUERY_TOO_LONG);
    expect((await call('GET', `/site/search?q=${'а'.repeat(SEARCH_QUERY_MAX)}`)).status).toBe(200);
  });

  it('takes punctuation, quotes and LIKE wildcards as text', async () => {
    for (const q of ['%', '_', '"', "'; DROP TABLE titles; --", 'names : "a" OR body', '\\']) expect((await call('GET', `/site/search?q=${encodeURIComponent(q)}`)).status).toBe(200);
  });
});

describe('Часто ищут:', () => {
  /** An opening from search, by `person` from `address`. */
  const open = async (person: TestUser, titleId: number, address: string) =>
    (await call('POST', '/site/search/opened', { token: person.token, body: { titleId }, ip: address })).data;

  it('counts an opening once per address, account and title, and lists the often opened first', async () => {
    const often = await newTitle({ name: `Частый ${madeUpWord()}`, views: 0 });
    const people = await Promise.all(Array.from({ length: SEARCH_OPENS_MIN }, () => newUser()));
    for (const [i, p] of people.entries()) {
      expect(await open(p, often.id, `198.51.100.${i + 1}`)).toEqual({ counted: true });
      expect(await open(p, often.id, `198.51.100.${i + 1}`)).toEqual({ counted: false });
      // The same account from elsewhere.
      expect(await open(p, often.id, `203.0.113.${i + 1}`)).toEqual({ counted: false });
    }
    expect((await adminRead('titles', often.id, 'searchOpens')).searchOpens).toBe(SEARCH_OPENS_MIN);
    const popular = await call<{ id: number }[]>('GET', '/site/search/popular');
    expect(popular.data[0]!.id).toBe(often.id);
  });

  it('counts new accounts from one address once, and leaves that address free for someone who has not counted', async () => {
    const title = await newTitle({ name: `Накрутка ${madeUpWord()}`, views: 0 });
    const accounts = await Promise.all(Array.from({ length: SEARCH_OPENS_MIN }, () => newUser()));
    const counted = [];
    for (const person of accounts) counted.push((await open(person, title.id, '192.0.2.77')).counted);
    expect(counted).toEqual([true, ...Array(SEARCH_OPENS_MIN - 1).fill(false)]);
    expect((await adminRead('titles', title.id, 'searchOpens')).searchOpens).toBe(1);
    // Those refused used up nothing: each still counts from an address of their own.
    expect(await open(accounts[1]!, title.id, '192.0.2.78')).toEqual({ counted: true });
    expect((await adminRead('titles', title.id, 'searchOpens')).searchOpens).toBe(2);
  });

  it('fills up with the most viewed while few are counted', async () => {
    const popular = await call<{ id: number; views: number }[]>('GET', '/site/search/popular');
    const rest = popular.data.slice(1).map((t) => t.views);
    expect(rest).toEqual([...rest].sort((a, b) => b - a));
  });

  it('refuses an opening of a draft, of nothing, or of no number', async () => {
    const draft = await newTitle({ status: 'draft' });
    const user = await newUser();
    expectRefused(await user.call('POST', '/site/search/opened', { titleId: draft.id }), 400, 'Сериал или фильм не найден');
    expect((await adminRead('titles', draft.id, 'searchOpens')).searchOpens).toBe(0);
    for (const titleId of [null, [1], 'x', 1.5, { id: 1 }]) expectRefused(await user.call('POST', '/site/search/opened', { titleId }), 400);
  });
});

describe('pinned related titles', () => {
  it('show visitors pins of published titles only: a draft\'s id stays hidden', async () => {
    const [page, shown, draft] = await Promise.all([newTitle(), newTitle(), newTitle({ status: 'draft' })]);
    await (await admin()).patch(`/items/titles/${page.id}`, { relatedTitles: [{ related_titles_id: draft.id }, { related_titles_id: shown.id }] });
    const res = await call('GET', `/items/titles/${page.id}?fields=relatedTitles.related_titles_id`);
    expect(res.status).toBe(200);
    expect(res.data.relatedTitles.map((r: { related_titles_id: number }) => r.related_titles_id)).toEqual([shown.id]);
    const junction = await call('GET', `/items/titles_related?filter[titles_id][_eq]=${page.id}&fields=related_titles_id`);
    expect(junction.data.map((r: { related_titles_id: number }) => r.related_titles_id)).toEqual([shown.id]);
  });
});
