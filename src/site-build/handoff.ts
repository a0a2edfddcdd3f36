/**
 * What the parent (scripts/site-build/build.ts) hands each Astro build process, and every message the
 * two exchange over the process channel. The handoff travels one way, as JSON in one environment
 * variable (the pages' bundle runs inside the same process and reads it there), and is checked here
 * alone. Without it (`astro dev`, `astro check`) a process builds the whole site in one part, reusing nothing.
 */
import { z } from 'astro/zod';

export const HANDOFF_ENV = 'SITE_BUILD_HANDOFF';

const ids = z.array(z.number().int());
const catalogueChanges = z.strictObject({ titles: ids.optional(), actors: ids.optional() });

const handoffSchema = z.strictObject({
  /** This process's own output folder. */
  outDir: z.string().min(1),
  /**
   * Where the build's own loop writes the pages it renders and links those it keeps (bulk-pages.ts,
   * page-reuse.ts), when not `outDir`: in a split build every part's go to the lead's folder, so they
   * need no moving once the parts are done (at 100,000 titles, moving the other part's 150,000 person
   * pages into the lead's folder took 11 s).
   */
  pagesDir: z.string().min(1).optional(),
  /** Which part of a split build this is: every `count`-th title, cast and person page from the `index`-th (shard.ts). */
  part: z.strictObject({ index: z.number().int().min(0), count: z.number().int().min(1) }).refine((p) => p.index < p.count, 'part.index must be below part.count'),
  /**
   * Where the catalogue's rows are kept (catalogue-snapshot.ts): for the next edit's build, and for
   * the other parts of this one. Absent: the rows are not kept.
   */
  rowsDir: z.string().min(1).optional(),
  /** An incremental build: page keys in `cacheDir`, unchanged pages linked from `previousDir` (page-reuse.ts). */
  reuse: z.strictObject({
    cacheDir: z.string().min(1),
    /** A digest of the code pages are made with (scripts/site-build/page-keys.ts). */
    codeHash: z.string(),
    /** The build now served, when there is one. */
    previousDir: z.string().min(1).optional(),
    /** An edit put into `previousDir` in place (page-reuse.ts): kept pages are not linked into `outDir`. */
    inPlace: z.boolean().optional(),
  }).optional(),
  /**
   * What the build reads: 'all' the whole catalogue; 'some' only the titles and people named (the rest
   * from `rowsDir`); 'later' a build started ahead, which bundles the site and waits for a GoMessage.
   */
  changes: z.discriminatedUnion('kind', [
    z.strictObject({ kind: z.literal('all') }),
    z.strictObject({ kind: z.literal('some'), changed: catalogueChanges }),
    z.strictObject({ kind: z.literal('later') }),
  ]),
  /** Astro's own log: 'warn', or 'info' for its line per page (SITE_BUILD_LOG=info on the parent). */
  astroLog: z.enum(['info', 'warn']),
});

export type BuildHandoff = z.infer<typeof handoffSchema>;

/** From a build process to its parent. */
const buildMessageSchema = z.discriminatedUnion('type', [
  /** The lead part: the catalogue's rows are saved in `rowsDir`. */
  z.strictObject({ type: z.literal('catalogue-saved') }),
  /** Another part: asks to be told once they are. */
  z.strictObject({ type: z.literal('catalogue-wanted') }),
  /** A build started ahead: bundled, and waiting for its GoMessage. */
  z.strictObject({ type: z.literal('standby-waiting') }),
]);

/** From the parent to a build process. */
const parentMessageSchema = z.discriminatedUnion('type', [
  /** To a part that asked: the rows are saved. */
  z.strictObject({ type: z.literal('catalogue-ready') }),
  /** To a build started ahead: go, reading these titles and people again. */
  z.strictObject({ type: z.literal('go'), changed: catalogueChanges }),
]);

export type BuildMessage = z.infer<typeof buildMessageSchema>;
export type ParentMessage = z.infer<typeof parentMessageSchema>;
export type GoMessage = Extract<ParentMessage, { type: 'go' }>;

/** A message from a build process, or null when it is none of them. */
export function asBuildMessage(message: unknown): BuildMessage | null {
  const parsed = buildMessageSchema.safeParse(message);
  return parsed.success ? parsed.data : null;
}

/** A message from the parent, or null when it is none of them. */
export function asParentMessage(message: unknown): ParentMessage | null {
  const parsed = parentMessageSchema.safeParse(message);
  return parsed.success ? parsed.data : null;
}

/** The folder of the pages the build's own loop writes and keeps (`pagesDir`, else `outDir`). */
export const pagesDirOf = ({ outDir, pagesDir }: Pick<BuildHandoff, 'outDir' | 'pagesDir'>): string => pagesDir ?? outDir;

/** What a process built without a parent gets: the whole site in one part, into Astro's own `dist/`. */
const STANDALONE: BuildHandoff = { outDir: 'dist', part: { index: 0, count: 1 }, changes: { kind: 'all' }, astroLog: 'warn' };

/** The environment entry that hands `handoff` to a build process. */
export function handoffEnv(handoff: BuildHandoff): Record<string, string> {
  return { [HANDOFF_ENV]: JSON.stringify(handoffSchema.parse(handoff)) };
}

/** The handoff this process was given; throws, naming what is wrong, when it is malformed. */
export function readHandoff(env: NodeJS.ProcessEnv = process.env): BuildHandoff {
  const text = env[HANDOFF_ENV];
  if (!text) return STANDALONE;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new Error(`${HANDOFF_ENV} is not JSON`);
  }
  const parsed = handoffSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${HANDOFF_ENV} is malformed: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** This process's handoff, read once. */
let own: BuildHandoff | undefined;
export const handoff = (): BuildHandoff => (own ??= readHandoff());
