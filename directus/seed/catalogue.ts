/**
 * Seeds the demo catalogue: taxonomy, actors, titles with their episodes and soundtracks,
 * banners, updates, static pages and the shop. Pictures and clips are drawn locally.
 */
import { AdminApi } from '../apply/admin-api.ts';
import { ACTORS } from './data/actors.ts';
import { BANNERS, SHOP_ITEMS, STATIC_TEXTS, UPDATES } from './data/site.ts';
import { CATEGORIES, COUNTRIES, GENRES, TAGS } from './data/taxonomy.ts';
import { TITLES } from './data/titles.ts';
import type { TitleSeed } from './data/types.ts';
import { DEMO_CLIP, clip, frame, portrait, poster, still, track, wallpaper } from './media.ts';
import { uploadFile } from './upload.ts';
import { inBatches } from './batches.ts';

export type Ids = Map<string, number | string>;

export interface CatalogueIds {
  titles: Ids;
  actors: Ids;
}

const DAY = 24 * 60 * 60 * 1000;

export async function seedCatalogue(api: AdminApi, log: (m: string) => void): Promise<CatalogueIds> {
  const categoryIds: Ids = new Map();
  const subCategoryIds: Ids = new Map();
  for (const [sort, c] of CATEGORIES.entries()) {
    const created = await api.post('/items/categories', {
      name: c.name,
      slug: c.slug,
      sort: sort + 1,
      subCategories: c.subCategories.map((s, i) => ({ name: s.name, slug: s.slug, sort: i + 1 })),
    });
    categoryIds.set(c.slug, created.id);
  }
  for (const s of await api.get<{ id: number; slug: string }[]>('/items/subCategories?limit=-1&fields=id,slug')) subCategoryIds.set(s.slug, s.id);

  const genreIds = await createNamed(api, 'genres', await inBatches(GENRES, 4, async (name) => ({
    name,
    image: await uploadFile(api, await still(name, 640, 360), `${name}.jpg`, 'image/jpeg', name),
  })), 'name');
  const countryIds = await createNamed(api, 'countries', COUNTRIES.map((name) => ({ name })), 'name');
  const tagIds = await createNamed(api, 'tags', TAGS.map((t) => ({ ...t })), 'slug');
  log(`taxonomy: ${CATEGORIES.length} categories, ${subCategoryIds.size} subcategories, ${genreIds.size} genres, ${countryIds.size} countries, ${tagIds.size} tags`);

  const actorRows = await inBatches(ACTORS, 4, async (a, i) => {
    const avatar = await uploadFile(api, await portrait(a.nameRu), `${a.slug}.jpg`, 'image/jpeg', a.nameRu);
    const photos = i % 3 === 0
      ? await Promise.all([1, 2, 3].map(async (n) => uploadFile(api, await still(`${a.nameRu} · ${n}`, 960, 640), `${a.slug}-${n}.jpg`, 'image/jpeg', a.nameRu)))
      : [];
    return {
      slug: a.slug, nameRu: a.nameRu, nameEn: a.nameEn, career: a.career, dob: a.dob, birthPlace: a.birthPlace,
      biography: a.biography, avatar,
      genres: a.genres.map((g) => ({ genres_id: genreIds.get(g) })),
      images: photos.map((id) => ({ directus_files_id: id })),
    };
  });
  const actorIds = await createNamed(api, 'actors', actorRows, 'slug');
  log(`actors: ${actorIds.size}`);

  const clipId = await uploadFile(api, await clip(), 'demo-clip.mp4', 'video/mp4', 'Демо-ролик');
  const titleIds: Ids = new Map();
  await inBatches(TITLES, 3, async (t, i) => {
    const categoryName = CATEGORIES.find((c) => c.slug === t.category)!.name;
    const posterId = await uploadFile(api, await poster(t.name, `${t.releaseYear} · ${categoryName}`), `${t.slug}.jpg`, 'image/jpeg', t.name);
    const stills = i % 2 === 0
      ? await Promise.all([1, 2].map(async (n) => uploadFile(api, await still(`${t.name} · кадр ${n}`), `${t.slug}-${n}.jpg`, 'image/jpeg', t.name)))
      : [];
    const created = await api.post('/items/titles', {
      status: 'published',
      slug: t.slug, name: t.name, originalName: t.originalName, anotherName: t.anotherName, description: t.description,
      poster: posterId,
      releaseYear: t.releaseYear, releaseStatus: t.releaseStatus, ageRating: t.ageRating,
      views: viewsOf(t, i), promo: t.promo ?? false,
      category: categoryIds.get(t.category), subCategory: subCategoryIds.get(t.subCategory), country: countryIds.get(t.country),
      countSeasons: t.seasons, countEpisodes: t.episodes,
      typeSource: t.typeSource, source: t.source,
      iframe: t.typeSource === 'Одиночный' && t.source === 'iframe' ? embedPath(clipId) : null,
      video: t.typeSource === 'Одиночный' && t.source === 'video' ? clipId : null,
      genres: t.genres.map((g) => ({ genres_id: genreIds.get(g) })),
      tags: t.tags.map((s) => ({ tags_id: tagIds.get(s) })),
      actors: t.actors.map((s) => ({ actors_id: actorIds.get(s) })),
      directors: t.directors.map((s) => ({ actors_id: actorIds.get(s) })),
      screenwriters: t.screenwriters.map((s) => ({ actors_id: actorIds.get(s) })),
      images: stills.map((id) => ({ directus_files_id: id })),
    });
    titleIds.set(t.slug, created.id);
    await seedEpisodes(api, t, created.id, clipId);
    for (const [g, group] of (t.soundtracks ?? []).entries()) {
      const files = [];
      for (let n = 0; n < group.tracks; n++) files.push(await uploadFile(api, await track(g * 4 + n), `${t.slug}-ost-${g + 1}-${n + 1}.mp3`, 'audio/mpeg', `${group.name} — трек ${n + 1}`));
      await api.post('/items/soundtracks', { name: group.name, title: created.id, soundtracks: files.map((id) => ({ directus_files_id: id })) });
    }
  });
  log(`titles: ${titleIds.size}`);
  for (const t of TITLES.filter((x) => x.related?.length)) {
    const relatedTitles = t.related!.map((slug) => ({ related_titles_id: titleIds.get(slug) }));
    await api.patch(`/items/titles/${titleIds.get(t.slug)}`, { relatedTitles });
  }

  await seedSite(api, titleIds, log);
  return { titles: titleIds, actors: actorIds };
}

/** Episodes: one list for a single season, seasons with their own lists otherwise; each with the clip's segments. */
async function seedEpisodes(api: AdminApi, t: TitleSeed, titleId: number, clipId: string): Promise<void> {
  if (t.typeSource === 'Одиночный') return;
  const episode = (n: number, season: { id: number; sort: number } | null) => ({
    title: titleId,
    season: season?.id ?? null,
    name: `${n} серия`,
    sort: n,
    source: t.source,
    iframe: t.source === 'iframe' ? embedPath(clipId, { season: season?.sort ?? null, episode: n }) : null,
    video: t.source === 'video' ? clipId : null,
    duration: DEMO_CLIP.seconds,
    // The last episode of some finished shows is taken down: only subscribers still see it.
    deleted: t.releaseStatus === 'Окончен' && n === t.episodes && t.episodes > 10,
  });
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  if (t.typeSource === 'Без сезонов') {
    const episodes = ids(await api.post('/items/series?fields=id', Array.from({ length: t.episodes }, (_, i) => episode(i + 1, null))));
    // Without a season to carry them, each episode has its own.
    await api.post('/items/segments?fields=id', episodes.flatMap((id) => clipSegments({ episode: id })));
    return;
  }
  const perSeason = Math.max(1, Math.ceil(t.episodes / t.seasons));
  for (let s = 1; s <= t.seasons; s++) {
    const season = await api.post('/items/iframeSeasons', { title: titleId, name: `${s} сезон`, sort: s });
    const count = Math.max(0, Math.min(perSeason, t.episodes - (s - 1) * perSeason));
    if (!count) continue;
    const [first] = ids(await api.post('/items/series?fields=id', Array.from({ length: count }, (_, i) => episode(i + 1, { id: season.id, sort: s }))));
    // The season's opening and ending; its first episode adjusts them: the premiere has no opening,
    // and a later season opens with a recap of the one before.
    const adjusted = s === 1
      ? [{ kind: 'opening', absent: true, episode: first }]
      : [{ kind: 'recap', start: DEMO_CLIP.opening.end, end: DEMO_CLIP.opening.end + 7, episode: first }];
    await api.post('/items/segments?fields=id', [...clipSegments({ season: season.id }), ...adjusted]);
  }
}

/** The demo clip's opening and ending, on a season or an episode. */
function clipSegments(owner: { season: number } | { episode: number }) {
  return [
    { kind: 'opening', ...DEMO_CLIP.opening, ...owner },
    { kind: 'ending', ...DEMO_CLIP.ending, ...owner },
  ];
}

async function seedSite(api: AdminApi, titleIds: Ids, log: (m: string) => void): Promise<void> {
  for (const b of BANNERS) {
    await api.post('/items/mainBanners', {
      title: b.title,
      description: b.description,
      priority: b.priority,
      link: b.titleSlug ? `/${b.titleSlug}` : null,
      // The slide prints its own title over the picture, so the picture carries none.
      image: await uploadFile(api, await still(b.title, 1600, 600, false), `banner-${b.priority}.jpg`, 'image/jpeg', b.title),
    });
  }
  const updates = await api.post<{ id: number }[]>('/items/updates', UPDATES.map((u) => ({ title: titleIds.get(u.titleSlug), description: u.description })));
  // date_created is stamped on create; backdate it so the list reads like real history.
  await Promise.all(updates.map((row, i) => api.patch(`/items/updates/${row.id}`, { date_created: new Date(Date.now() - UPDATES[i].daysAgo * DAY).toISOString() })));

  const pageImage = (label: string) => still(label, 1600, 500, false).then((buf) => uploadFile(api, buf, `${label}.jpg`, 'image/jpeg', label));
  await api.patch('/items/static', {
    ...STATIC_TEXTS,
    updatesImage: await pageImage('Обновления'),
    aboutImg: await pageImage('О нас'),
    copyrightImg: await pageImage('Правообладателям'),
    privacyPolicyImg: await pageImage('Конфиденциальность'),
    partnersImg: await pageImage('Партнёрам'),
  });

  for (const [sort, item] of SHOP_ITEMS.entries()) {
    const colors = item.colors ?? ['#ff6a88', '#6a5cff'];
    const frameFiles = item.type === 'frame'
      ? {
          frameProfile: await uploadFile(api, await frame(colors), `frame-${sort}.png`, 'image/png', item.name),
          frameMessage: await uploadFile(api, await frame(colors), `frame-chat-${sort}.png`, 'image/png', item.name),
        }
      : {};
    const background = item.type === 'background'
      ? { backgroundFile: await uploadFile(api, await wallpaper(colors), `background-${sort}.jpg`, 'image/jpeg', item.name) }
      : {};
    await api.post('/items/shop', { status: 'published', type: item.type, name: item.name, nameColor: item.nameColor ?? null, nameEffect: item.nameEffect ?? null, sort, ...frameFiles, ...background });
  }
  log(`site: ${BANNERS.length} banners, ${UPDATES.length} updates, static pages, ${SHOP_ITEMS.length} shop items`);
}

/** Popularity that varies between titles but is the same on every install. */
function viewsOf(t: TitleSeed, i: number): number {
  return ((t.slug.length * 7919 + i * 104729) % 48_000) + (t.promo ? 20_000 : 0);
}

/**
 * The demo's iframe source: the site's own embedded player page playing the clip. (A raw asset
 * URL cannot be framed: Directus serves assets with a CSP that forbids loading media in them.) An
 * episode's names its season and number, as a serial player's address does.
 */
function embedPath(fileId: string, at?: { season: number | null; episode: number }): string {
  const episode = at ? `${at.season === null ? '' : `&season=${at.season}`}&episode=${at.episode}` : '';
  return `/embed/player.html?v=${fileId}${episode}`;
}

async function createNamed(api: AdminApi, collection: string, rows: Record<string, unknown>[], keyField: string): Promise<Ids> {
  const created = await api.post<Record<string, unknown>[]>(`/items/${collection}?fields=id,${keyField}`, rows);
  return new Map(created.map((r) => [String(r[keyField]), r.id as number]));
}
