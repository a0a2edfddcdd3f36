/**
 * A catalogue file field takes a file of its kind alone (a poster a picture, an episode's video a video, a
 * soundtrack audio), for editors and administrators alike, whichever way the file is linked: in the field
 * or its junction, alone, in a batch or inside a title's nested save. A linked file keeps its kind: its
 * type is not changed and its content not replaced by one a field showing it would refuse.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_ROLE } from '../../directus/access/policies.ts';
import { COLLECTIONS } from '../../directus/schema/collections.ts';
import { clip, track } from '../../directus/seed/media.ts';
import { FILE_LINKS, wrongKind, type FileLink } from '../../directus/extensions/site-rules/src/file-kinds.ts';
import type { FileKind } from '../../shared/rules.ts';
import { admin, adminToken, baseUrl, call, newTitle, newUser, pngBytes, upload, type Reply, type TestUser } from '../support/api.ts';
import { adminRead, asAdmin, countRows, expectNothingStored, expectRefused, jpegBytes, shopItem, textBytes, uploadAs } from '../support/fixtures.ts';

let editor: TestUser;
let adminKey: string;
/** One stored file of each kind, and files of no kind: a text uploaded as a JPEG, and a file row without content (an export's). */
const file = {} as Record<FileKind | 'textAsPicture' | 'contentless', string>;

const link = (collection: string, column: string) => FILE_LINKS.find((l) => l.collection === collection && l.column === column)!;
const POSTER = () => link('titles', 'poster');
const STILLS = () => link('titles_images', 'directus_files_id');
const EPISODE_VIDEO = () => link('series', 'video');
const TRACKS = () => link('soundtracks_files', 'directus_files_id');

/** A file of another kind than `kind`, for each kind. */
const OTHER: Record<FileKind, FileKind> = { picture: 'video', video: 'audio', audio: 'picture' };

async function uploaded(bytes: Uint8Array<ArrayBuffer>, type: string, name: string): Promise<string> {
  const res = await uploadAs(editor, bytes, type, name);
  expect(res.status).toBe(200);
  return res.data.id;
}

beforeAll(async () => {
  editor = await newUser(EDITOR_ROLE);
  adminKey = await adminToken();
  file.picture = await uploaded(pngBytes(), 'image/png', 'poster.png');
  file.video = await uploaded(Uint8Array.from(await clip(3)), 'video/mp4', 'episode.mp4');
  file.audio = await uploaded(Uint8Array.from(await track(0, 1)), 'audio/mpeg', 'track.mp3');
  file.textAsPicture = await uploaded(textBytes('%PDF-1.4 не картинка'), 'image/jpeg', 'poster.jpg');
  const contentless = await editor.call('POST', '/files', { title: 'Экспорт дорам', type: 'text/csv', storage: 'local', filename_download: 'titles.csv' });
  expect(contentless.errors).toBeUndefined();
  file.contentless = contentless.data.id;
}, 120_000);

const asEditor = (method: string, path: string, body?: unknown) => editor.call(method, path, body);
const asAdminCall = (method: string, path: string, body?: unknown) => call(method, path, { token: adminKey, body });

/** A row of the collection, made by the administrator: a parent of a junction's rows, or a holder of a file field. */
const ROWS: Record<string, () => Promise<number>> = {
  titles: async () => (await newTitle()).id,
  series: async () => (await asAdmin('POST', '/items/series', { title: (await newTitle()).id, name: '1 серия' })).data.id,
  soundtracks: async () => (await asAdmin('POST', '/items/soundtracks', { title: (await newTitle()).id, name: 'OST' })).data.id,
  genres: async () => (await asAdmin('POST', '/items/genres', { name: `Жанр ${randomUUID().slice(0, 8)}` })).data.id,
  actors: async () => (await asAdmin('POST', '/items/actors', { nameRu: `Проба ${randomUUID().slice(0, 8)}` })).data.id,
  mainBanners: async () => (await asAdmin('POST', '/items/mainBanners', { title: 'Проба баннера' })).data.id,
  shop: async () => (await shopItem('frame')).id,
};

async function rowOf(collection: string): Promise<number> {
  const make = ROWS[collection];
  if (!make) throw new Error(`no fixture row for ${collection}`);
  return make();
}

/** Where a field's file is written and read back: the row's own column, the singleton's, or a junction row under a parent. */
interface Place { write(who: typeof asEditor, fileId: string): Promise<Reply>; stored(): Promise<unknown> }

async function placeOf(l: FileLink): Promise<Place> {
  const def = COLLECTIONS.find((c) => c.collection === l.collection)!;
  if (def.meta.singleton) {
    return {
      write: (who, fileId) => who('PATCH', `/items/${l.collection}`, { [l.column]: fileId }),
      stored: async () => (await (await admin()).get<Record<string, unknown>>(`/items/${l.collection}?fields=${l.column}`))[l.column],
    };
  }
  const ownColumn = ((def.fields.find((f) => f.field === l.column)?.meta.special as string[] | undefined) ?? []).includes('file');
  if (ownColumn) {
    const id = await rowOf(l.collection);
    return {
      write: (who, fileId) => who('PATCH', `/items/${l.collection}/${id}`, { [l.column]: fileId }),
      stored: async () => (await adminRead(l.collection, id, l.column))[l.column],
    };
  }
  const parentKey = def.relations.find((r) => r.field !== l.column)!;
  const parent = await rowOf(parentKey.related_collection!);
  return {
    write: (who, fileId) => who('POST', `/items/${l.collection}`, { [parentKey.field]: parent, [l.column]: fileId }),
    stored: async () => (await (await admin()).get<Record<string, unknown>[]>(
      `/items/${l.collection}?fields=${l.column}&filter[${parentKey.field}][_eq]=${parent}`)).map((row) => row[l.column]).sort(),
  };
}

describe('every file field of the catalogue', () => {
  it.each(FILE_LINKS.map((l) => [`${l.collection}.${l.column}`, l] as const))('%s takes its kind and refuses another, for editors and administrators', async (_name, l) => {
    const place = await placeOf(l);
    expect((await place.write(asEditor, file[l.kind])).status).toBe(200);
    const before = await place.stored();
    expect(JSON.stringify(before)).toContain(file[l.kind]);
    for (const who of [asEditor, asAdminCall]) {
      expectRefused(await place.write(who, file[OTHER[l.kind]]), 400, wrongKind(l));
      expect(await place.stored()).toEqual(before);
    }
  });

  it('refuses as a picture a text uploaded as a JPEG and a file without content', async () => {
    const title = await newTitle({ poster: file.picture });
    for (const fake of [file.textAsPicture, file.contentless]) {
      expectRefused(await asEditor('PATCH', `/items/titles/${title.id}`, { poster: fake }), 400, wrongKind(POSTER()));
      expectRefused(await asEditor('POST', '/items/titles_images', { titles_id: title.id, directus_files_id: fake }), 400, wrongKind(STILLS()));
    }
    expect((await adminRead('titles', title.id, 'poster,images')).poster).toBe(file.picture);
    expect(await countRows('titles_images', { titles_id: { _eq: title.id } })).toBe(0);
  });

  it('refuses a soundtrack that is a text file, and a file that is not there', async () => {
    const soundtrack = await rowOf('soundtracks');
    const res = await expectNothingStored('soundtracks_files', {}, () =>
      asEditor('POST', '/items/soundtracks_files', { soundtracks_id: soundtrack, directus_files_id: file.contentless }));
    expectRefused(res, 400, wrongKind(TRACKS()));
    const missing = await asEditor('POST', '/items/soundtracks_files', { soundtracks_id: soundtrack, directus_files_id: randomUUID() });
    expectRefused(missing, 400, 'Такого файла нет');
  });

  it('lets a field be emptied', async () => {
    const title = await newTitle({ poster: file.picture, video: file.video });
    expect((await asEditor('PATCH', `/items/titles/${title.id}`, { poster: null, video: null })).status).toBe(200);
    expect(await adminRead('titles', title.id, 'poster,video')).toEqual({ poster: null, video: null });
  });
});

describe('a title saved with its relations, as the admin app saves it', () => {
  const nested = (items: Record<string, unknown>) => ({ create: [], update: [], delete: [], ...items });

  it('stores files of their kinds in the title, its images, episodes and soundtracks', async () => {
    const title = await newTitle();
    const res = await asEditor('PATCH', `/items/titles/${title.id}`, {
      poster: file.picture,
      images: nested({ create: [{ directus_files_id: { id: file.picture } }] }),
      series: nested({ create: [{ name: '1 серия', video: file.video }] }),
      soundtracks: nested({ create: [{ name: 'OST', soundtracks: nested({ create: [{ directus_files_id: { id: file.audio } }] }) }] }),
    });
    expect(res.status).toBe(200);
    const stored = await adminRead('titles', title.id, 'poster,images.directus_files_id,series.video,soundtracks.soundtracks.directus_files_id');
    expect(stored).toEqual({
      poster: file.picture,
      images: [{ directus_files_id: file.picture }],
      series: [{ video: file.video }],
      soundtracks: [{ soundtracks: [{ directus_files_id: file.audio }] }],
    });
  });

  it.each([
    ['an image created', () => ({ images: nested({ create: [{ directus_files_id: { id: file.video } }] }) }), STILLS],
    ['an episode created', () => ({ series: nested({ create: [{ name: '2 серия', video: file.picture }] }) }), EPISODE_VIDEO],
    ['a soundtrack created', () => ({ soundtracks: nested({ create: [{ name: 'OST 2', soundtracks: nested({ create: [{ directus_files_id: { id: file.video } }] }) }] }) }), TRACKS],
  ])('refuses the whole save, its right poster too, for %s with a file of another kind', async (_name, relations, refusedBy) => {
    const title = await newTitle({ poster: file.picture });
    const fields = 'poster,images.directus_files_id,series.id,soundtracks.id';
    const before = await adminRead('titles', title.id, fields);
    const other = await uploaded(jpegBytes(), 'image/jpeg', 'new-poster.jpg');
    const res = await asEditor('PATCH', `/items/titles/${title.id}`, { poster: other, ...relations() });
    expectRefused(res, 400, wrongKind(refusedBy()));
    expect(await adminRead('titles', title.id, fields)).toEqual(before);
  });

  it('refuses an image changed to a file of another kind, and keeps the one it had', async () => {
    const title = await newTitle({ images: [{ directus_files_id: file.picture }] });
    const [row] = await (await admin()).get<{ id: number }[]>(`/items/titles_images?fields=id&filter[titles_id][_eq]=${title.id}`);
    const res = await asEditor('PATCH', `/items/titles/${title.id}`, { images: nested({ update: [{ id: row!.id, directus_files_id: { id: file.audio } }] }) });
    expectRefused(res, 400, wrongKind(STILLS()));
    expect((await adminRead('titles_images', row!.id, 'directus_files_id')).directus_files_id).toBe(file.picture);
  });

  it('refuses a poster whose file the same save turns into another kind, or creates without content', async () => {
    const title = await newTitle({ poster: file.picture });
    const picture = await uploaded(pngBytes(), 'image/png', 'retyped.png');
    expectRefused(await asAdminCall('PATCH', `/items/titles/${title.id}`, { poster: { id: picture, type: 'video/mp4' } }), 400, wrongKind(POSTER()));
    expect((await adminRead('directus_files', picture, 'type')).type).toBe('image/png');
    const res = await expectNothingStored('directus_files', {}, () =>
      asAdminCall('PATCH', `/items/titles/${title.id}`, { poster: { title: 'Пустой', type: 'image/png', filename_download: 'empty.png' } }));
    expectRefused(res, 400, wrongKind(POSTER()));
    expect((await adminRead('titles', title.id, 'poster')).poster).toBe(file.picture);
  });
});

describe('batch writes', () => {
  it('create nothing when one row has a file of another kind', async () => {
    const stamp = randomUUID().slice(0, 8);
    const rows = [{ name: `Пакет ${stamp} 1`, poster: file.picture }, { name: `Пакет ${stamp} 2`, poster: file.video }];
    const res = await expectNothingStored('titles', {}, () => asEditor('POST', '/items/titles', rows));
    expectRefused(res, 400, wrongKind(POSTER()));
  });

  it('change no row when the change, or one row\'s, is a file of another kind', async () => {
    const [a, b] = [await newTitle({ poster: file.picture }), await newTitle({ poster: file.picture })];
    const other = await uploaded(jpegBytes(), 'image/jpeg', 'batch.jpg');
    expectRefused(await asEditor('PATCH', '/items/titles', { keys: [a.id, b.id], data: { poster: file.video } }), 400, wrongKind(POSTER()));
    expectRefused(await asEditor('PATCH', '/items/titles', [{ id: a.id, poster: other }, { id: b.id, poster: file.audio }]), 400, wrongKind(POSTER()));
    for (const t of [a, b]) expect((await adminRead('titles', t.id, 'poster')).poster).toBe(file.picture);
    const stills = await expectNothingStored('titles_images', {}, () => asEditor('POST', '/items/titles_images', [
      { titles_id: a.id, directus_files_id: file.picture }, { titles_id: b.id, directus_files_id: file.video },
    ]));
    expectRefused(stills, 400, wrongKind(STILLS()));
  });
});

describe('a linked file', () => {
  const assetBytes = async (id: string) => {
    const res = await fetch(`${baseUrl()}/assets/${id}`, { headers: { authorization: `Bearer ${adminKey}` } });
    expect(res.status).toBe(200);
    return Buffer.from(await res.arrayBuffer());
  };

  it('keeps its type while a field shows it; a file shown nowhere may change', async () => {
    const poster = await uploaded(pngBytes(), 'image/png', 'poster.png');
    const title = await newTitle({ poster });
    expectRefused(await asAdminCall('PATCH', `/files/${poster}`, { type: 'application/pdf' }), 400, wrongKind(POSTER()));
    expectRefused(await asAdminCall('PATCH', '/files', { keys: [poster], data: { type: 'video/mp4' } }), 400, wrongKind(POSTER()));
    expectRefused(await asAdminCall('PATCH', `/files/${poster}`, { width: null, height: null }), 400, wrongKind(POSTER()));
    // Editors may not change a file's type at all.
    expectRefused(await asEditor('PATCH', `/files/${poster}`, { type: 'application/pdf' }));
    expect(await adminRead('directus_files', poster, 'type,width')).toEqual({ type: 'image/png', width: 1 });
    // Its title and description are the editors' to change; and once no field shows it, its type is anyone's with the right.
    expect((await asEditor('PATCH', `/files/${poster}`, { title: 'Постер дорамы' })).status).toBe(200);
    expect((await asEditor('PATCH', `/items/titles/${title.id}`, { poster: null })).status).toBe(200);
    expect((await asAdminCall('PATCH', `/files/${poster}`, { type: 'image/jpeg' })).status).toBe(200);
  });

  it('keeps its kind when its content is replaced, and takes a new content of that kind', async () => {
    const tune = await uploaded(Uint8Array.from(await track(1, 1)), 'audio/mpeg', 'track.mp3');
    const soundtrack = await rowOf('soundtracks');
    expect((await asEditor('POST', '/items/soundtracks_files', { soundtracks_id: soundtrack, directus_files_id: tune })).status).toBe(200);
    const poster = await uploaded(pngBytes(), 'image/png', 'poster.png');
    await newTitle({ poster });
    const [posterBytes, tuneBytes] = [await assetBytes(poster), await assetBytes(tune)];

    const video = Uint8Array.from(await clip(3));
    for (const token of [adminKey, editor.token]) {
      expectRefused(await call('PATCH', `/files/${poster}`, { token, body: upload(video, 'video/mp4', 'clip.mp4') }), 400, wrongKind(POSTER()));
      expectRefused(await call('PATCH', `/files/${tune}`, { token, body: upload(pngBytes(), 'image/png', 'cover.png') }), 400, wrongKind(TRACKS()));
    }
    expect(await adminRead('directus_files', poster, 'type')).toEqual({ type: 'image/png' });
    expect(await adminRead('directus_files', tune, 'type')).toEqual({ type: 'audio/mpeg' });
    expect(await assetBytes(poster)).toEqual(posterBytes);
    expect(await assetBytes(tune)).toEqual(tuneBytes);

    // An import over it (the admin app's «Заменить файл» by address) that names another type is refused before anything is fetched.
    expectRefused(await asAdminCall('POST', '/files/import', { url: 'https://203.0.113.9/clip.mp4', data: { id: poster, type: 'video/mp4' } }), 400, wrongKind(POSTER()));

    // A new picture in the poster's place is what administrators may do.
    const replaced = await call('PATCH', `/files/${poster}`, { token: adminKey, body: upload(jpegBytes(), 'image/jpeg', 'poster.jpg') });
    expect(replaced.status).toBe(200);
    expect(await adminRead('directus_files', poster, 'type,width')).toEqual({ type: 'image/jpeg', width: 2 });
    expect(await assetBytes(poster)).toEqual(Buffer.from(jpegBytes()));
  });

  it('takes a whole new video in an episode\'s video, read by Directus after its type was', async () => {
    const episode = await rowOf('series');
    const video = await uploaded(Uint8Array.from(await clip(3)), 'video/mp4', 'episode.mp4');
    expect((await asEditor('PATCH', `/items/series/${episode}`, { video })).status).toBe(200);
    const longer = Uint8Array.from(await clip(6));
    const form = new FormData();
    form.append('title', 'Серия, новая сборка');
    form.append('file', new Blob([longer], { type: 'video/webm' }), 'episode.webm');
    expect((await call('PATCH', `/files/${video}`, { token: adminKey, body: form })).status).toBe(200);
    const stored = await adminRead('directus_files', video, 'type,title,filesize');
    expect({ ...stored, filesize: Number(stored.filesize) }).toEqual({ type: 'video/webm', title: 'Серия, новая сборка', filesize: longer.length });
    expect(await assetBytes(video)).toEqual(Buffer.from(longer));
  });

  it('may be replaced by anything while no field shows it', async () => {
    const loose = await uploaded(pngBytes(), 'image/png', 'loose.png');
    const res = await call('PATCH', `/files/${loose}`, { token: adminKey, body: upload(Uint8Array.from(await track(2, 1)), 'audio/mpeg', 'loose.mp3') });
    expect(res.status).toBe(200);
    expect((await adminRead('directus_files', loose, 'type')).type).toBe('audio/mpeg');
  });
});
