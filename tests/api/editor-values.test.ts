/**
 * What an editor saves is held to the data model (text as text within its length, a choice among its
 * values, numbers in their column's range), and to the addresses it makes: a category's name is part of
 * its filter screen's address, and a banner's link is followed by every visitor. A name the site shows
 * is never blank, a release year is one a title can have, an actor's birth date is not in the future, and a
 * refusal reads in Russian alone.
 */
import { beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { mailTo } from '../support/mail.ts';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { CATEGORY_ADDRESS_TAKEN } from '../../directus/extensions/site-rules/src/category-names.ts';
import { declaredValueProblem } from '../../directus/extensions/site-rules/src/declared-values.ts';
import { releaseYearError, releaseYearMax } from '../../directus/extensions/site-rules/src/release-years.ts';
import { BIRTH_DATE_ERROR } from '../../directus/extensions/site-rules/src/birth-dates.ts';
import { SHOWN_NAMES, blankNameError } from '../../directus/extensions/site-rules/src/shown-names.ts';
import { series, titles } from '../../directus/schema/collections.ts';
import type { CollectionDef } from '../../directus/schema/define.ts';
import { BANNER_LINK_ERROR } from '../../shared/banner-link.ts';
import { PATH_SEGMENT_ERROR } from '../../shared/path-segment.ts';
import { baseUrl, call, newTitle, newUser, type Reply, type TestUser } from '../support/api.ts';
import { NOT_AN_OBJECT } from '../../directus/extensions/shared/json-body.ts';
import { MAX_READ_ROWS } from '../../shared/rules.ts';
import { adminRead, asAdmin, expectNothingStored, expectRefused, uploadAs } from '../support/fixtures.ts';

let editor: TestUser;

/** The refusal the data model gives `value` in `field` of `collection`, as the rule words it. */
function refusalOf(def: CollectionDef, field: string, value: unknown): string {
  const problem = declaredValueProblem(def.collection, def.fields.find((f) => f.field === field)!, value);
  expect(problem).not.toBeNull();
  return problem!;
}

beforeAll(async () => {
  editor = await newUser(EDITOR_ROLE);
});

describe('an editor\'s values', () => {
  it('are refused where they are not of their field\'s kind, with the field named, and nothing is written', async () => {
    const title = await newTitle({ releaseYear: 2020 });
    const before = await adminRead('titles', title.id, 'name,status,releaseYear,countSeasons,typeSource,originalName,ageRating');
    const writes: [string, unknown][] = [
      ['name', { x: 1 }], ['name', ['a', { b: 1 }]], ['status', 'weird'], ['typeSource', 'bogus'], ['countSeasons', 99_999_999_999],
      ['countSeasons', '20x0'], ['originalName', 'x'.repeat(100_000)], ['ageRating', '99+'],
    ];
    for (const [field, value] of writes) {
      expectRefused(await editor.call('PATCH', `/items/titles/${title.id}`, { [field]: value }), 400, refusalOf(titles, field, value));
    }
    expect(await adminRead('titles', title.id, 'name,status,releaseYear,countSeasons,typeSource,originalName,ageRating')).toEqual(before);
    const created = await expectNothingStored('titles', {}, () => editor.call('POST', '/items/titles', { name: { x: 1 }, status: 'draft' }));
    expectRefused(created, 400, refusalOf(titles, 'name', { x: 1 }));
  });

  it('are held in rows written inside another, an episode\'s name too', async () => {
    const title = await newTitle();
    const name = 'Серия '.repeat(1_000);
    const nested = await expectNothingStored('series', {}, () => editor.call('PATCH', `/items/titles/${title.id}`, { series: { create: [{ name, title: title.id }] } }));
    expectRefused(nested, 400, refusalOf(series, 'name', name));
    const alone = await expectNothingStored('series', {}, () => editor.call('POST', '/items/series', { name, title: title.id }));
    expectRefused(alone, 400, refusalOf(series, 'name', name));
  });

  it('never reach what the backend keeps of a title: its counts, its search text, the opening search\'s state', async () => {
    const title = await newTitle();
    const kept = 'views,ratingAverage,segmentSearch,segmentSearchSince,searchText';
    const before = await adminRead('titles', title.id, kept);
    for (const write of [{ segmentSearch: 'running', segmentSearchSince: '2099-01-01T00:00:00.000Z' }, { views: 1_000_000 }]) {
      expectRefused(await editor.call('PATCH', `/items/titles/${title.id}`, write), 403);
    }
    // The rating's average and the search text are made by the backend's own hooks, which drop what is sent.
    for (const write of [{ ratingAverage: 5 }, { searchText: 'подмена' }]) await editor.call('PATCH', `/items/titles/${title.id}`, write);
    expect(await adminRead('titles', title.id, kept)).toEqual(before);
  });

  it('are taken when they are', async () => {
    const title = await newTitle();
    expect((await editor.call('PATCH', `/items/titles/${title.id}`, { releaseYear: 2024, status: 'draft', typeSource: null, name: 'Новое имя', ageRating: '18+' })).status).toBe(200);
    expect(await adminRead('titles', title.id, 'releaseYear,status,name,ageRating')).toEqual({ releaseYear: 2024, status: 'draft', name: 'Новое имя', ageRating: '18+' });
  });
});

/**
 * What Directus's admin app (11.17) shows of a save the API refused: a failed validation in the form's
 * notice of invalid values, as its `validation_message` (after the field's name when it names one); any
 * other error in a dialog as «[CODE] message» (v-error), which read «[INVALID_PAYLOAD] Invalid payload. …».
 */
function adminAppShows(reply: Reply): string {
  const error = reply.errors?.[0];
  const ext: Record<string, unknown> = error?.extensions ?? {};
  if (ext['code'] === 'FAILED_VALIDATION' && typeof ext['validation_message'] === 'string') {
    return ext['field'] ? `${String(ext['field'])}: ${ext['validation_message']}` : ext['validation_message'];
  }
  return `[${String(ext['code'] ?? 'UNKNOWN')}] ${error?.message ?? ''}`;
}

describe('a rule\'s refusal', () => {
  it('is a 400 whose message is the Russian reason alone, which the admin app shows alone', async () => {
    const held = await newTitle();
    const reason = `Адрес «${held.slug}» уже занят: укажите другой или оставьте поле пустым`;
    const res = await expectNothingStored('titles', {}, () => editor.call('POST', '/items/titles', { name: 'Проба адреса', slug: held.slug }));
    expect(res.status).toBe(400);
    // The site reads `extensions.reason` (src/lib/directus/send.ts).
    expect(res.errors?.[0]).toMatchObject({ message: reason, extensions: { reason } });
    expect(adminAppShows(res)).toBe(reason);
    const episode = (await asAdmin('POST', '/items/series', { title: held.id, name: '1 серия' })).data;
    const segment = await editor.call('POST', '/items/segments', { episode: episode.id, kind: 'opening', start: 40, end: 10 });
    expectRefused(segment, 400);
    expect(adminAppShows(segment)).toBe('Конец отрезка должен быть позже его начала');
  });

  it('is in Russian where Directus itself refuses: a save too large for one request, a file of a type not taken', async () => {
    const title = await newTitle();
    const before = await adminRead('titles', title.id, 'description');
    const huge = await editor.call('PATCH', `/items/titles/${title.id}`, { description: 'Ж'.repeat(1_100_000) });
    expect(huge.status).toBe(400);
    expect(adminAppShows(huge)).toBe('[INVALID_PAYLOAD] Слишком много данных за один раз: сократите текст');
    expect(await adminRead('titles', title.id, 'description')).toEqual(before);
    const page = await uploadAs(editor, new TextEncoder().encode('<html></html>'), 'text/html', 'page.html');
    expect(page.status).toBe(400);
    expect(adminAppShows(page)).toBe('[INVALID_PAYLOAD] Такой файл не принимается: загрузите изображение, видео MP4 или WebM, аудио MP3 или OGG');
  });
});

describe('Directus\'s own refusals', () => {
  it('read in Russian, names kept, for the admin app and every caller alike', async () => {
    const broken = await fetch(`${baseUrl()}/items/titles`, { method: 'POST', headers: { authorization: `Bearer ${editor.token}`, 'content-type': 'application/json' }, body: '{"name":' });
    const brokenBody = await broken.json() as { errors: { message: string; extensions: { reason: string } }[] };
    expect(broken.status).toBe(400);
    expect(brokenBody.errors[0]).toMatchObject({ message: NOT_AN_OBJECT, extensions: { reason: NOT_AN_OBJECT } });
    for (const [send, words] of [
      [() => editor.call('POST', '/items/titles', { name: 'Лишнее поле', status: 'draft', bogus: 1 }), 'Поля «bogus» нет в «titles» или оно вам недоступно'],
      [() => editor.call('POST', '/items/series', { name: 'Серия без дорамы' }), 'Поле «title» не может быть пустым'],
      [() => editor.call('POST', '/items/actors', { nameRu: 'Актёр с датой', dob: '31.12.1985' }), 'Неверная дата в поле «dob»: нужен формат ГГГГ-ММ-ДД'],
      [() => call('GET', `/items/titles?limit=${MAX_READ_ROWS + 1}`), `Запрос отдаёт не больше ${MAX_READ_ROWS} записей за раз`],
    ] as const) {
      const res = await send();
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.errors?.[0]?.message).toBe(words);
    }
  });
});

describe('a title\'s release year', () => {
  it('is refused by anyone before 1900 or past five years ahead, in Russian, and nothing is written', async () => {
    const title = await newTitle({ releaseYear: 2020 });
    const max = releaseYearMax();
    expect(max).toBe(new Date().getUTCFullYear() + 5);
    for (const releaseYear of [-3, -5, 0, 1899, max + 1, 99_999, '99999', 99_999_999_999, '20x0', 2020.5]) {
      expectRefused(await editor.call('PATCH', `/items/titles/${title.id}`, { releaseYear }), 400, releaseYearError());
      expectRefused(await asAdmin('PATCH', `/items/titles/${title.id}`, { releaseYear }), 400, releaseYearError());
    }
    expect(await adminRead('titles', title.id, 'releaseYear')).toEqual({ releaseYear: 2020 });
    const created = await expectNothingStored('titles', {}, () => editor.call('POST', '/items/titles', { name: 'Проба год', releaseYear: 99_999 }));
    expectRefused(created, 400, releaseYearError());
    expect(adminAppShows(created)).toBe(releaseYearError());
    for (const releaseYear of [1900, 2024, max, null]) {
      expect((await editor.call('PATCH', `/items/titles/${title.id}`, { releaseYear })).status).toBe(200);
      expect(await adminRead('titles', title.id, 'releaseYear')).toEqual({ releaseYear });
    }
    // The form says the range under the field.
    expect((await asAdmin('GET', '/fields/titles/releaseYear')).data.meta.note).toBe('От 1900 до года на 5 лет вперёд');
  });
});

describe('an actor\'s birth date', () => {
  it('is refused by anyone in the future, in Russian, and nothing is written; today and the past are taken', async () => {
    const actor = (await asAdmin('POST', '/items/actors', { nameRu: `Актёр ${Date.now().toString(36)}`, dob: '1990-05-01' })).data;
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    for (const dob of ['2031-05-05', day(2), '9999-12-31']) {
      expectRefused(await editor.call('PATCH', `/items/actors/${actor.id}`, { dob }), 400, BIRTH_DATE_ERROR);
      expectRefused(await asAdmin('PATCH', `/items/actors/${actor.id}`, { dob }), 400, BIRTH_DATE_ERROR);
    }
    expect(await adminRead('actors', actor.id, 'dob')).toEqual({ dob: '1990-05-01' });
    const created = await expectNothingStored('actors', {}, () => editor.call('POST', '/items/actors', { nameRu: 'Проба даты', dob: '2031-05-05' }));
    expectRefused(created, 400, BIRTH_DATE_ERROR);
    expect(adminAppShows(created)).toBe('Дата рождения не может быть в будущем');
    for (const dob of ['1950-01-31', day(-1), day(0), null]) {
      expect((await editor.call('PATCH', `/items/actors/${actor.id}`, { dob })).status).toBe(200);
      expect(await adminRead('actors', actor.id, 'dob')).toEqual({ dob });
    }
    expect((await asAdmin('GET', '/fields/actors/dob')).data.meta.note).toBe('Не позже сегодняшнего дня');
  });
});

describe('a name the site shows', () => {
  const BLANKS = ['', '   ', '\t\n', '\u200b'];

  it('is refused blank or of spaces alone when a row is made, by anyone, and nothing is written', async () => {
    for (const [collection, field] of Object.entries(SHOWN_NAMES)) {
      for (const value of [...BLANKS, null, undefined]) {
        const res = await expectNothingStored(collection, {}, () => asAdmin('POST', `/items/${collection}`, value === undefined ? {} : { [field]: value }));
        expectRefused(res, 400, blankNameError(collection, field));
      }
    }
    for (const [collection, field] of [['titles', 'name'], ['genres', 'name'], ['actors', 'nameRu']] as const) {
      const res = await expectNothingStored(collection, {}, () => editor.call('POST', `/items/${collection}`, { [field]: '   ' }));
      expectRefused(res, 400, blankNameError(collection, field));
    }
  });

  it('is refused blank when a row is changed, its name kept', async () => {
    const stamp = Date.now().toString(36);
    const title = await newTitle();
    const genre = (await asAdmin('POST', '/items/genres', { name: `Жанр ${stamp}` })).data;
    const actor = (await asAdmin('POST', '/items/actors', { nameRu: `Актёр ${stamp}` })).data;
    const rows = [['titles', title.id, 'name'], ['genres', genre.id, 'name'], ['actors', actor.id, 'nameRu']] as const;
    const before = await Promise.all(rows.map(([collection, id, field]) => adminRead(collection, id, field)));
    for (const [collection, id, field] of rows) {
      for (const value of [...BLANKS, null]) {
        expectRefused(await editor.call('PATCH', `/items/${collection}/${id}`, { [field]: value }), 400, blankNameError(collection, field));
      }
      expectRefused(await asAdmin('PATCH', `/items/${collection}/${id}`, { [field]: ' ' }), 400, blankNameError(collection, field));
    }
    expect(await Promise.all(rows.map(([collection, id, field]) => adminRead(collection, id, field)))).toEqual(before);
    expect(blankNameError('actors', 'nameRu')).toBe('Поле «Имя по-русски» не может быть пустым');
    expect((await editor.call('PATCH', `/items/genres/${genre.id}`, { name: ` Жанр ${stamp} 2` })).status).toBe(200);
  });
});

describe('a category\'s name', () => {
  let mine: { id: number; slug: string; name: string };
  let other: { id: number; slug: string; name: string };

  beforeAll(async () => {
    const stamp = Date.now().toString(36);
    mine = (await asAdmin('POST', '/items/categories', { name: `Проба ${stamp}` })).data;
    other = (await asAdmin('POST', '/items/categories', { name: `Другая ${stamp}` })).data;
  });

  it('is refused by anyone where it cannot be one part of an address, and nothing changes', async () => {
    for (const name of ['../probe', 'probe/sub', '..', 'a?b', '100%', 'a\\b']) {
      expectRefused(await editor.call('PATCH', `/items/categories/${mine.id}`, { name }), 400, PATH_SEGMENT_ERROR);
      expectRefused(await asAdmin('PATCH', `/items/categories/${mine.id}`, { name }), 400, PATH_SEGMENT_ERROR);
    }
    expect((await adminRead('categories', mine.id, 'name')).name).toBe(mine.name);
  });

  it('and its slug are refused where another category has either, which put two categories at one address', async () => {
    for (const name of [other.slug, other.name]) expectRefused(await editor.call('PATCH', `/items/categories/${mine.id}`, { name }), 400, CATEGORY_ADDRESS_TAKEN);
    expectRefused(await editor.call('POST', '/items/categories', { name: other.name }), 400, CATEGORY_ADDRESS_TAKEN);
    expectRefused(await editor.call('PATCH', `/items/categories/${mine.id}`, { slug: 'not-taken', name: other.slug }), 400, CATEGORY_ADDRESS_TAKEN);
    expect(await adminRead('categories', mine.id, 'name,slug')).toEqual({ name: mine.name, slug: mine.slug });
    expect((await editor.call('PATCH', `/items/categories/${mine.id}`, { name: `${mine.name} и ещё` })).status).toBe(200);
  });
});

describe('a banner\'s link', () => {
  it('is a page of the site or an http(s) address, never a script', async () => {
    for (const link of ['javascript:alert(document.domain)', ' javascript:alert(1)', 'data:text/html,x', '//evil.example', 42]) {
      const res = await expectNothingStored('mainBanners', {}, () => editor.call('POST', '/items/mainBanners', { title: 'Проба', link }));
      expectRefused(res, 400, typeof link === 'string' ? BANNER_LINK_ERROR : undefined);
    }
    for (const link of ['/updates', 'https://example.com/promo']) {
      const res = await editor.call('POST', '/items/mainBanners', { title: 'Проба', link });
      expect(res.status).toBe(200);
      expect((await asAdmin('DELETE', `/items/mainBanners/${res.data.id}`)).status).toBe(204);
    }
  });
});

describe('a list of rows that live on their parent alone', () => {
  type Row = { id: number };
  const idsOf = async (path: string) => ((await asAdmin<Row[]>('GET', `${path}&fields=id&sort=id&limit=-1`)).data ?? []).map((r) => r.id);
  const takeOff = (ids: number[]) => ({ create: [], update: [], delete: ids });

  it('lets an editor take an episode, a season, a soundtrack or a segment off it: the row is deleted, the rest kept', async () => {
    const title = await newTitle({
      iframeSeasons: [{ name: '1 сезон' }, { name: '2 сезон' }],
      series: [
        { name: '1 серия', segments: [{ kind: 'opening', start: 10, end: 100 }, { kind: 'ending', start: 1200, end: 1300 }] },
        { name: '2 серия' }, { name: '3 серия' },
      ],
      soundtracks: [{ name: 'OST 1' }, { name: 'OST 2' }],
    });
    const [season1, season2] = await idsOf(`/items/iframeSeasons?filter[title][_eq]=${title.id}`);
    const [episode1, ...rest] = await idsOf(`/items/series?filter[title][_eq]=${title.id}`);
    const [opening, ending] = await idsOf(`/items/segments?filter[episode][_eq]=${episode1}`);
    const [soundtrack1, soundtrack2] = await idsOf(`/items/soundtracks?filter[title][_eq]=${title.id}`);

    const saved = await editor.call('PATCH', `/items/titles/${title.id}`, {
      series: takeOff(rest), iframeSeasons: takeOff([season2!]), soundtracks: takeOff([soundtrack2!]),
    });
    expect(saved.status, JSON.stringify(saved.errors)).toBe(200);
    expect(await idsOf(`/items/series?filter[title][_eq]=${title.id}`)).toEqual([episode1]);
    expect(await idsOf(`/items/iframeSeasons?filter[title][_eq]=${title.id}`)).toEqual([season1]);
    expect(await idsOf(`/items/soundtracks?filter[title][_eq]=${title.id}`)).toEqual([soundtrack1]);

    expect((await editor.call('PATCH', `/items/series/${episode1}`, { segments: takeOff([opening!]) })).status).toBe(200);
    expect(await idsOf(`/items/segments?filter[episode][_eq]=${episode1}`)).toEqual([ending]);
  });

  it('but an episode taken off its season stays in the title, without a season', async () => {
    const title = await newTitle({ iframeSeasons: [{ name: '1 сезон' }] });
    const [season] = await idsOf(`/items/iframeSeasons?filter[title][_eq]=${title.id}`);
    const episode = (await asAdmin<Row>('POST', '/items/series', { title: title.id, season, name: '1 серия' })).data!.id;
    expect((await editor.call('PATCH', `/items/iframeSeasons/${season}`, { series: takeOff([episode]) })).status).toBe(200);
    expect(await adminRead('series', episode, 'title,season')).toEqual({ title: title.id, season: null });
  });

  it('is ordered by dragging in the admin app', async () => {
    for (const [collection, field] of [['series', 'title'], ['series', 'season'], ['iframeSeasons', 'title'], ['subCategories', 'category']]) {
      expect((await asAdmin<{ meta: { sort_field: string } }>('GET', `/relations/${collection}/${field}`)).data?.meta.sort_field, `${collection}.${field}`).toBe('sort');
    }
  });
});

describe('an export the admin app runs in the background', () => {
  it('is told to its editor in Russian, in the admin app and by letter', async () => {
    const started = await editor.call('POST', '/utils/export/titles', { format: 'csv', query: { fields: ['id', 'name'], limit: 5 }, file: {} });
    expect(started.status, JSON.stringify(started.errors)).toBeLessThan(300);
    const subject = 'Выгрузка «Дорамы и фильмы» готова';
    const notice = await vi.waitFor(async () => {
      const found = (await editor.call<{ subject: string; message: string }[]>('GET', `/notifications?filter[recipient][_eq]=${editor.id}&fields=subject,message`)).data ?? [];
      const ready = found.find((n) => n.subject === subject);
      if (!ready) throw new Error(`no notice yet: ${JSON.stringify(found)}`);
      return ready;
    }, { timeout: 20_000, interval: 250 });
    expect(notice.message).toContain('Выгрузка «Дорамы и фильмы» готова.');
    expect(notice.message).not.toMatch(/Hello|Click here/);
    const letter = await mailTo(inject('mailOutbox'), editor.email);
    expect(letter.subject).toBe(subject);
    expect(letter.html).toContain('Открыть файл');
    expect(letter.html).not.toMatch(/Hello|Click here/);
  });
});
