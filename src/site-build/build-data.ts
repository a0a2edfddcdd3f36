/**
 * The build's reader: pages are rendered in Node at build time, from the Directus named by
 * DIRECTUS_URL (the local one by default). One reader per build, so shared lists are fetched once.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { once } from '../lib/once.ts';
import { logged } from './build-log.ts';
import { appendEdit, loadRows, loadShare, saveRows, saveRowsAsRead } from './catalogue-snapshot.ts';
import { finishBeforeBuildEnds } from './build-end.ts';
import type { GetStaticPathsOptions } from 'astro';
import { markBulkRoute } from './bulk-pages.ts';
import { pageKey } from './page-key.ts';
import { countOf, sitemapFilesOfTitles, sitemapPaths, type SitemapSources } from '../lib/sitemap.ts';
import { createPageReuse } from './page-reuse.ts';
import { editReach, type ListReach, type PageReach } from './edit-reach.ts';
import { listedTitlesKeeper, loadListedTitles } from './listed-titles.ts';
import { rowsDelta } from './rows-delta.ts';
import { announceRowsSaved, rowsSaved } from './catalogue-relay.ts';
import { handoff } from './handoff.ts';
import { inShard, shardOf } from './shard.ts';
import { countKeptWholePages } from './whole-pages.ts';
import { buildChanges, prepareAhead, startedAhead } from './standby.ts';
import { cardView, type CardView } from '../lib/card.ts';
import { catalogueFrom, mergeRows, prepareEdit, readCatalogueRows, readRowsById, rowsToReread, shareOf, streamCatalogueRows, type Catalogue, type CatalogueShare, type OwnRow } from '../lib/directus/catalogue.ts';
import type { TitleCard } from '../lib/directus/queries.ts';
import type { ActorPage, TitlePage, TitleRow } from '../lib/directus/reader.ts';
import { createReader } from '../lib/directus/reader.ts';
import type { KnownSlugs } from '../features/home/banner-target.ts';

export const DIRECTUS_URL = process.env.DIRECTUS_URL ?? `http://127.0.0.1:${process.env.DIRECTUS_PORT ?? 8055}`;

/** Reads nothing before the build knows what changed (see standby.ts); signs the site's own reads when it may. */
export const reader = createReader(DIRECTUS_URL, { ready: buildChanges, siteSecret: process.env.SITE_REBUILD_SECRET || undefined });

/** A category as the build reads it, with its subcategories. */
type CategoryRow = Awaited<ReturnType<typeof reader.getCategories>>[number];

/** This process's part of a split build (see shard.ts); the whole build when it is not split. */
const shard = shardOf(handoff().part);

/** Whether this process renders the list pages, the sitemap and the other pages made once a build. */
const rendersListPages = shard.lead;

/**
 * The previous build's rows, with their related titles indexed for an edit: a build started ahead
 * (always for an edit) makes them while it waits to hear which; another build once it knows it is one.
 */
const previousRows = once(async () => {
  const { rowsDir } = handoff();
  const rows = rowsDir ? await logged('previous rows loaded', () => loadRows(rowsDir)) : null;
  return rows && { rows, prepared: await logged('related titles indexed for the edit', () => prepareEdit(rows)) };
});

// A build started ahead is for an edit: it makes them now, and says it waits once they are made.
if (startedAhead() && shard.lead) prepareAhead(previousRows());

/**
 * This process's share of the catalogue's rows (catalogue.ts): in full, or, for an incremental build told what
 * changed (`buildChanges`), the previous build's rows with only those read again, and the pages that can change
 * (edit-reach.ts). The rows are kept in the handoff's `rowsDir` when it has one: for the next incremental build,
 * and for the other parts of a split build, which take their share from there rather than read Directus again.
 */
async function catalogueShare(): Promise<{ share: CatalogueShare; reach: PageReach | null }> {
  const { rowsDir } = handoff();
  const changes = await buildChanges();
  if (!shard.lead) return { share: await shareFromLead(rowsDir), reach: null };
  const previous = rowsDir && changes ? await previousRows() : null;
  if (!rowsDir || !previous || !changes) {
    // Rows go to the file as they are read, and its own are read again from there as their pages need them, as the other parts' are.
    const share = rowsDir
      ? await saveRowsAsRead(rowsDir, owns, (sink) => streamCatalogueRows(reader, sink))
      : shareOf(await readCatalogueRows(reader), owns);
    announceRowsSaved();
    return { share, reach: null };
  }
  const reread = rowsToReread(changes);
  const rows = mergeRows(previous.rows, reread, await readRowsById(reader, reread), previous.prepared);
  const delta = rowsDelta(previous.rows, rows, reread);
  // An edit is built in one part (site-build.ts), so nobody waits for these: they are saved while pages render.
  finishBeforeBuildEnds(logged('rows saved for the next edit', async () => {
    if (delta) await appendEdit(rowsDir, delta);
    else await saveRows(rowsDir, rows);
  }));
  return { share: shareOf(rows, owns), reach: delta && editReach(previous.rows, rows, delta, previousListed()) };
}

/** The titles each list page of the previous build shows (listed-titles.ts), read before this build writes its own. */
const previousListed = once(() => {
  const { rowsDir } = handoff();
  return rowsDir ? loadListedTitles(rowsDir) : null;
});

/** Whether the row at `index` of the catalogue's titles (or people) has its pages rendered in this part. */
const owns = (index: number) => inShard(index, shard);

/** Another part's share, once the lead has saved the rows. */
async function shareFromLead(rowsDir: string | undefined): Promise<CatalogueShare> {
  if (!rowsDir) throw new Error('a part of a split build needs rowsDir in its handoff');
  await rowsSaved();
  const share = await loadShare(rowsDir, owns);
  if (!share) throw new Error('the lead part of the build handed over no catalogue rows');
  return share;
}

/**
 * The catalogue, and for an edit the pages it can reach, made once. The rows it is made from are not
 * kept past it: a split build's part keeps whole only its own share.
 */
const catalogueMade = once(async () => {
  // A build started ahead waits here for its word, so the log below times the reading alone.
  await buildChanges();
  const { share, reach } = await logged('catalogue rows', catalogueShare, { costs: true });
  const catalogue = await logged('catalogue built', () => catalogueFrom(reader, share));
  return { catalogue, reach };
});

/** Every published title and every person, read once for all their pages (see catalogue.ts); this part's whole. */
export const getCatalogue = once(async () => (await catalogueMade()).catalogue);

/** What the frame of every page (header, menus, footer) shows. */
export interface SiteFrame {
  categories: { name: string; slug: string; subCategories: { name: string; slug: string }[] }[];
  tags: { name: string; slug: string }[];
  vk: string | null;
  telegram: string | null;
}

/** A category's subcategories, in the order read. */
export function subCategoriesOf(category: CategoryRow): { name: string; slug: string }[] {
  return (category.subCategories ?? [])
    .filter((s): s is Extract<typeof s, object> => typeof s === 'object' && s !== null)
    .map((s) => ({ name: s.name, slug: s.slug }));
}

export const loadFrame = once(async (): Promise<SiteFrame> => {
  const [categories, tags, settings] = await Promise.all([reader.getCategories(), reader.getTags(), reader.getStatic()]);
  return {
    categories: categories.map((c) => ({ name: c.name, slug: c.slug, subCategories: subCategoriesOf(c) })),
    tags: tags.map((t) => ({ name: t.name, slug: t.slug })),
    vk: settings?.vk ?? null,
    telegram: settings?.telegram ?? null,
  };
});

/** The public address of the site, for canonical links, OpenGraph and structured data. */
export const SITE_URL = (process.env.SITE_URL ?? `http://127.0.0.1:${process.env.SITE_PORT ?? 4321}`).replace(/\/+$/, '');

/** Skips pages whose HTML the previous build already made from the same data (see page-reuse.ts). */
const reuse = createPageReuse(handoff());

/**
 * What every page is made from besides its own data: the code, the names of this build's scripts
 * and styles (already written when paths are asked for), the site's address and the frame.
 */
const commonKey = once(async () => {
  const { outDir, reuse: given } = handoff();
  const assets = path.join(outDir, '_astro');
  return pageKey(given?.codeHash ?? '', existsSync(assets) ? readdirSync(assets).sort() : [], SITE_URL, await loadFrame());
});

/**
 * Pages keyed between two turns of the event loop: the list pages' queries (see `ahead`) then go out
 * and their answers come in while the keys are computed, instead of waiting for all of them.
 */
const KEYS_PER_TURN = 1000;

/**
 * The pages an edit can change (edit-reach.ts), when the key part every page shares is as it was;
 * null when every page is keyed.
 */
const narrowedTo = once(async (): Promise<PageReach | null> => {
  const [{ reach }, common] = await Promise.all([catalogueMade(), commonKey()]);
  return reuse.sameCommon(common) ? reach : null;
});

/**
 * What of an edit's reach as a whole (edit-reach.ts) this process renders: `lists`, the category and tag
 * pages; `sitemap`, the sitemap's files (by number). The lead renders them all, unless it is an edit put in
 * place: then the list pages its reach names, and the sitemap's files all if an address moved, else those
 * telling of the titles whose last change moved. The rest stay as they are served, and their queries to
 * Directus are not sent.
 */
const wholeRendered = once(async (): Promise<{ lists: ListReach; sitemap: 'all' | ReadonlySet<number> }> => {
  if (!rendersListPages) return { lists: new Set(), sitemap: new Set() };
  const reach = handoff().reuse?.inPlace ? await narrowedTo() : null;
  if (!reach) return { lists: 'all', sitemap: 'all' };
  return { lists: reach.lists, sitemap: reach.addresses ? 'all' : await sitemapFilesOf(reach.sitemapDates) };
});

/** The sitemap files that tell of `titles` (ids), by their place in the sitemap. */
async function sitemapFilesOf(titles: ReadonlySet<number>): Promise<Set<number>> {
  if (!titles.size) return new Set();
  const sources = await sitemapSources();
  return sitemapFilesOfTitles(sources, sources.titles.flatMap((t, place) => (titles.has(t.id) ? [place] : [])));
}

/** Whether this process renders every list page; the filter screens, which offer what the lists choose by, only then. */
export const rendersEveryListPage = async () => (await wholeRendered()).lists === 'all';

/** Which of the sitemap's files this process renders: all, or these (its index, a few lines, is rendered with the single pages). */
export const sitemapFilesRendered = async () => (await wholeRendered()).sitemap;

/** How a route's pages are made from its items (titles or people). */
interface RoutePages<I, P> {
  /** Where the build writes an item's page (`build.format: 'preserve'`: the route file's own shape). */
  file(item: I): string;
  /** What its page is made from, for its key. */
  data(item: I): unknown;
  /** Whether an edit can have changed its page (edit-reach.ts). */
  reached(item: I, reach: PageReach): boolean;
  /** Its static path, made only for a page to render. */
  path(item: I): P;
}

/** Each route's paths, decided once: a page's key goes to the keys file as it is decided. */
const routesDecided = new Map<string, Promise<unknown[]>>();

/**
 * The static paths of a route's items, less those whose previous HTML is kept. After an edit, a page
 * out of its reach keeps its previous key without being keyed. Their pages are rendered by the
 * build's own loop (bulk-pages.ts).
 */
function freshPaths<I, P>(route: string, items: I[], pages: RoutePages<I, P>, { routePattern }: GetStaticPathsOptions): Promise<P[]> {
  markBulkRoute(routePattern);
  if (!reuse.active) return Promise.resolve(items.map(pages.path));
  let decided = routesDecided.get(route) as Promise<P[]> | undefined;
  if (!decided) routesDecided.set(route, (decided = keyedPaths(route, items, pages)));
  return decided;
}

async function keyedPaths<I, P>(route: string, items: I[], pages: RoutePages<I, P>): Promise<P[]> {
  const [common, reach] = await Promise.all([commonKey(), narrowedTo()]);
  return logged(`${items.length} ${route} page keys${reach ? ' (after an edit)' : ''}`, async () => {
    const fresh: P[] = [];
    for (const [i, item] of items.entries()) {
      if (i % KEYS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      const page = pages.file(item);
      if (reach && !pages.reached(item, reach) && reuse.keepAsBefore(page)) continue;
      if (!reuse.keep(page, pageKey(common, route, page, pages.data(item)))) fresh.push(pages.path(item));
    }
    return fresh;
  });
}

/** How many of a person's titles the 'Лучшие картины' slider shows; the list below it has them all. */
const BEST_TITLES = 8;

type CardVariant = 'list' | 'slider';

/**
 * The digest of a title's card in a variant, kept by the title's id: a title shows on the pages of the
 * titles like it and of every person in it, and each of their keys hashes its card. The card itself is
 * made again wherever it is shown, so a build process holds no title's card (at 100,000 titles the
 * cards kept for their keys were about a fifth of a process's heap).
 */
const cardDigests = { list: new Map<number, string>(), slider: new Map<number, string>() };
function cardDigest(title: TitleCard, variant: CardVariant): string {
  const digests = cardDigests[variant];
  let digest = digests.get(title.id);
  if (digest === undefined) digests.set(title.id, (digest = pageKey(cardView(title, variant))));
  return digest;
}

/**
 * 'Вам может понравиться' on a title's page, as the cards it shows. Pages and their keys take the
 * cards rather than the titles, so an edit to what no card shows (an episode, say) renders only
 * that title's own pages.
 */
export function relatedCards(catalogue: Catalogue, title: { id: number }): CardView[] {
  return catalogue.relatedTo(title).map((r) => cardView(r, 'list'));
}

/** A person's titles on their page: the best in the slider, every one in the list. */
function actorTitles(catalogue: Catalogue, actorId: number): { best: TitleCard[]; all: TitleCard[] } {
  const all = catalogue.titlesOf(actorId);
  return { best: all.slice(0, BEST_TITLES), all };
}

/** A person's titles on their page, as its cards. */
export function actorCards(catalogue: Catalogue, actorId: number): { best: CardView[]; all: CardView[] } {
  const { best, all } = actorTitles(catalogue, actorId);
  return { best: best.map((t) => cardView(t, 'slider')), all: all.map((t) => cardView(t, 'list')) };
}

/**
 * The digest of a title's page data, made once per title: its title page and cast page both hash it,
 * and the page itself is made again as each renders rather than kept (catalogue.ts, pageOf).
 */
const pageDigests = new WeakMap<OwnRow<TitleRow>, string>();
function pageDigestOf(catalogue: Catalogue, title: OwnRow<TitleRow>): string {
  let digest = pageDigests.get(title);
  if (digest === undefined) pageDigests.set(title, (digest = pageKey(catalogue.pageOf(title))));
  return digest;
}

/** What a title's and a cast page's path hands the page: the title, made into the page's data as it renders (titleOf). */
export interface TitleProps {
  title: OwnRow<TitleRow>;
}

/** The title a title or cast page shows, made now, so no page's data outlives its rendering. */
export async function titleOf({ title }: TitleProps): Promise<TitlePage> {
  return (await getCatalogue()).pageOf(title);
}

/**
 * Static paths of the title pages, each with its title; the page also shows related titles and the
 * rating. Keys take digests of the rows and cards, each hashed once however many pages show it.
 */
export async function titlePaths(options: GetStaticPathsOptions) {
  const catalogue = await getCatalogue();
  return freshPaths('title', catalogue.ownTitles, {
    file: (title) => `${title.slug}/index.html`,
    data: (title) => [pageDigestOf(catalogue, title), catalogue.relatedTo(title).map((r) => cardDigest(r, 'list')), catalogue.ratingOf(title.id)],
    reached: (title, reach) => reach.titles.has(title.id),
    path: (title) => ({ params: { slug: title.slug }, props: { title } satisfies TitleProps }),
  }, options);
}

/** Static paths of the cast pages, each with its title. */
export async function castPaths(options: GetStaticPathsOptions) {
  const catalogue = await getCatalogue();
  return freshPaths('cast', catalogue.ownTitles, {
    file: (title) => `${title.slug}/actors.html`,
    data: (title) => pageDigestOf(catalogue, title),
    reached: (title, reach) => reach.casts.has(title.id),
    path: (title) => ({ params: { slug: title.slug }, props: { title } satisfies TitleProps }),
  }, options);
}

/** What an actor page's path hands the page: the person, read whole as it renders (actorOf). */
export interface ActorProps {
  actor: OwnRow<ActorPage>;
}

/** The person an actor page shows. */
export const actorOf = ({ actor }: ActorProps): ActorPage => actor.row();

/** Static paths of the actor pages, each with its person; the page also lists the person's titles. */
export async function actorPaths(options: GetStaticPathsOptions) {
  const catalogue = await getCatalogue();
  return freshPaths('actor', catalogue.ownActors, {
    file: (actor) => `actors/${actor.slug}.html`,
    data: (actor) => {
      const { best, all } = actorTitles(catalogue, actor.id);
      return [pageKey(actor.row()), best.map((t) => cardDigest(t, 'slider')), all.map((t) => cardDigest(t, 'list'))];
    },
    reached: (actor, reach) => reach.actors.has(actor.id),
    path: (actor) => ({ params: { slug: actor.slug }, props: { actor } satisfies ActorProps }),
  }, options);
}

/**
 * A page's query started while the build still collects paths: the queries of every list page then
 * run together, while the page keys are computed, rather than one page after another as they render.
 * They start once the catalogue is read, so they never wait in Directus's queue behind its bulk reads
 * (at 100,000 titles that queue outlasted a call's time limit). A failure still fails the page that
 * awaits it.
 */
function ahead<T>(query: () => Promise<T>): Promise<T> {
  const started = getCatalogue().then(query);
  started.catch(() => {});
  return started;
}

/**
 * Keeps the titles each list page shows, for the next edit's reach (listed-titles.ts): over those of the
 * previous build's pages this one leaves as they are, unless it renders them all.
 */
const keepListed = once(async () => {
  const { lists } = await wholeRendered();
  return listedTitlesKeeper(handoff().rowsDir, lists === 'all' ? {} : previousListed() ?? {});
});

/** Counts list pages an edit put in place leaves as they are served: the lead's alone, which renders the list pages. */
export function leftAsServed(pages: string[]): void {
  if (rendersListPages) countKeptWholePages(pages);
}

/** How a list route's pages are made: each item's page address (without the leading slash) and query, and the titles its answer shows. */
interface ListRoute<I, T> {
  page(item: I): string;
  load(item: I): Promise<T>;
  shown(data: T): readonly { id: number }[];
}

/**
 * The items of a list route whose pages this process renders, each with its page's query started ahead
 * (see `ahead`); the titles its answer shows are kept as the page's.
 */
export async function listPaths<I, T>(items: I[], route: ListRoute<I, T>): Promise<{ item: I; data: Promise<T> }[]> {
  const { lists } = await wholeRendered();
  const rendered = lists === 'all' ? items : items.filter((item) => lists.has(route.page(item)));
  if (lists !== 'all') leftAsServed(items.map(route.page).filter((page) => !lists.has(page)));
  return rendered.map((item) => ({
    item,
    data: ahead(async () => {
      const data = await route.load(item);
      (await keepListed())(route.page(item), route.shown(data));
      return data;
    }),
  }));
}

/** Static paths of the pages built once per category (its page and its 'new' screen), each with its data on the way. */
export async function categoryPaths<T>(route: Omit<ListRoute<CategoryRow, T>, 'page'>, subPage = '') {
  const page = (c: CategoryRow) => `categories/${c.slug}${subPage}`;
  return (await listPaths(await reader.getCategories(), { ...route, page }))
    .map(({ item, data }) => ({ params: { slug: item.slug }, props: { data } }));
}

/** What the sitemap lists the pages of. */
const sitemapSources = once(async (): Promise<SitemapSources> => {
  const [{ sitemap }, categories, tags] = await Promise.all([getCatalogue(), reader.getCategories(), reader.getTags()]);
  return { ...sitemap, categories: categories.map((c) => c.slug), tags: tags.map((t) => t.slug) };
});

/** How many public pages the build makes: counted once (the index and the files' paths both ask), not kept, while the pages are still to render. */
export const publicPathCount = once(async (): Promise<number> => countOf(sitemapPaths(await sitemapSources())));

/** The slugs that have a page, now or formerly (a former slug sends on to it): what a home banner may name. */
export const knownSlugs = once(async (): Promise<KnownSlugs> => {
  const [{ titles, actors, categories, tags }, former] = await Promise.all([sitemapSources(), reader.getFormerSlugs()]);
  const known = { titles: new Set(titles.map((t) => t.slug)), actors: new Set(actors), categories: new Set(categories), tags: new Set(tags) };
  for (const { collection, from } of former) known[collection].add(from);
  return known;
});

/** Every public page the build makes, for the sitemap's files: made once the first of them renders, after the pages. */
export const publicPaths = once(() => logged('the sitemap\'s addresses', async () => [...sitemapPaths(await sitemapSources())]));
