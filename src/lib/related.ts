/**
 * 'Вам может понравиться' by likeness: what a title shares with another (genres, tags, country,
 * category and subcategory, cast, directors and writers), a rare feature weighing more than a
 * common one (its inverse document frequency), plus what people who marked or rated it highly
 * also did, once enough did (co-marks, counted by the backend). Titles an editor pinned come first.
 * Never the title itself; one other season of its own franchise at most, and one of any other; a
 * small salt of the pair's own hash varies equal choices between neighbouring pages.
 *
 * Built for the whole catalogue at once (`relatedLists`), or brought up to date after an edit
 * (`updateRelatedLists`): then only the lists the edit can change are computed again.
 */
import { normaliseSearch } from '../../shared/search-text.ts';

/** A title as likeness reads it (the build's row has all of these). */
export interface LikenessRow {
  id: number;
  name: string;
  views?: number | null;
  category?: { id: number } | number | null;
  subCategory?: { id: number } | number | null;
  country?: { id: number } | number | null;
  genres?: ({ genres_id?: { id: number } | number | null } | number)[] | null;
  tags?: ({ tags_id?: { id: number } | number | null } | number)[] | null;
  actors?: ({ actors_id?: { id: number } | number | null } | number)[] | null;
  directors?: ({ actors_id?: { id: number } | number | null } | number)[] | null;
  screenwriters?: ({ actors_id?: { id: number } | number | null } | number)[] | null;
  relatedTitles?: ({ related_titles_id?: { id: number } | number | null } | number)[] | null;
}

/** For each title, the titles its admirers also admire, with how many did. */
export type CoMarks = Record<number, [number, number][]>;

/** For each title, the ids of its related titles, best first. */
export type RelatedLists = Record<number, number[]>;

export const RELATED_COUNT = 4;
/** Candidates whose likeness is measured in full, from those the rarer features bring. */
const SHORTLIST = 32;
/** A feature shared by more titles than this is sampled (a window of `SAMPLE` of them) to find candidates. */
const FULL_POSTING = 400;
const SAMPLE = 100;
/** How much the pair's hash may add, as a share of the likeness: enough to vary near-equals. */
const SALT = 0.12;
/** How many of a category's most viewed titles fill a list that likeness left short. */
const FALLBACK_SCAN = 200;
/** A co-mark by n people weighs this times log2(1 + n). */
const CO_MARK_WEIGHT = 2;

const idOf = (ref: { id: number } | number | null | undefined): number | null =>
  typeof ref === 'number' ? ref : ref && typeof ref === 'object' ? ref.id : null;

type Junction<K extends string> = ({ [k in K]?: { id: number } | number | null } | number)[] | null | undefined;

/** Calls `visit` with each id a junction list names. */
function eachJunction<K extends string>(list: Junction<K>, key: K, visit: (id: number) => void): void {
  for (const e of list ?? []) {
    const id = typeof e === 'object' && e ? idOf(e[key]) : null;
    if (id !== null) visit(id);
  }
}

function junctionIds<K extends string>(list: Junction<K>, key: K): number[] {
  const ids: number[] = [];
  eachJunction(list, key, (id) => ids.push(id));
  return ids;
}

/** Kinds of feature; a feature's key is its kind times KIND plus its id (numbers, as maps of them are quick). */
const KIND = 2 ** 32;
const [CATEGORY, SUBCATEGORY, COUNTRY, GENRE, TAG, PERSON] = [1, 2, 3, 4, 5, 6];

/** Calls `visit` with each of a title's features, kind and id, in a fixed order; a person once. */
function eachFeature(t: LikenessRow, visit: (kind: number, id: number) => void): void {
  const one = (kind: number, ref: { id: number } | number | null | undefined) => {
    const id = idOf(ref);
    if (id !== null) visit(kind, id);
  };
  one(CATEGORY, t.category);
  one(SUBCATEGORY, t.subCategory);
  one(COUNTRY, t.country);
  eachJunction(t.genres, 'genres_id', (id) => visit(GENRE, id));
  eachJunction(t.tags, 'tags_id', (id) => visit(TAG, id));
  // Whether a person acted, directed or wrote, they are the same shared feature.
  const people: number[] = [];
  const person = (id: number) => {
    if (people.includes(id)) return;
    people.push(id);
    visit(PERSON, id);
  };
  eachJunction(t.actors, 'actors_id', person);
  eachJunction(t.directors, 'actors_id', person);
  eachJunction(t.screenwriters, 'actors_id', person);
}

/** A title's features as keys: kind and id. */
export function featuresOf(t: LikenessRow): number[] {
  const keys: number[] = [];
  eachFeature(t, (kind, id) => keys.push(kind * KIND + id));
  return keys;
}

/** The titles an editor pinned, in their order. */
export const pinnedOf = (t: LikenessRow): number[] => junctionIds(t.relatedTitles, 'related_titles_id');

/**
 * A franchise's name: the title's name without its season or part («Врачи ночной смены 2»,
 * «… 2 сезон», «…: Новая смена»), folded.
 */
export function familyOf(name: string): string {
  const base = normaliseSearch(name).split(/\s*(?::|—|–|\.\s)\s*/)[0] ?? '';
  return base
    .replace(/[\s.,!?«»"-]+$/, '')
    .replace(/\s+(?:сезон|часть|season|part|фильм)\s*\d+$/, '')
    .replace(/\s+\d+\s*(?:сезон|часть|season|part)$/, '')
    .replace(/\s+(?:\d{1,2}|[ivx]{1,4})$/, '')
    .trim();
}

/** A number in [0, 1) of the pair, the same in every build. */
function salt(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 15), 0x27d4eb2f);
  return ((h ^ (h >>> 13)) >>> 0) / 4294967296;
}

/** The catalogue indexed for likeness: features as numbers, their weights and who has them. */
class Likeness {
  readonly index = new Map<number, number>();
  readonly rows: LikenessRow[];
  private readonly features: Int32Array[] = [];
  private readonly weight: Float64Array;
  private readonly postings: Int32Array[];
  /** Franchises and the most viewed by category are made when first asked (an edit asks for few). */
  private readonly families: (string | undefined)[];
  private readonly coMarks: Map<number, Map<number, number>>;
  private readonly scores: Float64Array;
  private byViews: Map<string, number[]> | null = null;

  constructor(rows: LikenessRow[], coMarks: CoMarks) {
    this.rows = rows;
    // A map of small ids for each kind: keys past 2^31 would be boxed numbers, slow to hash and to keep.
    const ids = Array.from({ length: PERSON + 1 }, () => new Map<number, number>());
    const counts: number[] = [];
    const own: number[] = [];
    const visit = (kind: number, id: number) => {
      const known = ids[kind]!;
      let f = known.get(id);
      if (f === undefined) known.set(id, (f = counts.push(0) - 1));
      counts[f]!++;
      own.push(f);
    };
    rows.forEach((t, i) => {
      this.index.set(t.id, i);
      own.length = 0;
      eachFeature(t, visit);
      own.sort((a, b) => a - b);
      this.features.push(Int32Array.from(own.filter((f, k) => k === 0 || own[k - 1] !== f)));
    });
    const n = Math.max(rows.length, 1);
    this.weight = Float64Array.from(counts, (df) => Math.log(n / df) + 0.05);
    const fill = counts.map(() => 0);
    this.postings = counts.map((df) => new Int32Array(df));
    this.features.forEach((fs, i) => { for (const f of fs) this.postings[f]![fill[f]!++] = i; });
    this.families = new Array(rows.length);
    this.coMarks = new Map(Object.entries(coMarks).map(([id, list]) => [Number(id), new Map(list)]));
    this.scores = new Float64Array(rows.length);
  }

  private familyOf(j: number): string {
    return (this.families[j] ??= familyOf(this.rows[j]!.name));
  }

  /** The titles of `i`'s category, most viewed first. */
  private mostViewedLike(i: number): number[] {
    const key = (t: LikenessRow) => `${idOf(t.category) ?? ''}`;
    if (!this.byViews) {
      const rows = this.rows;
      this.byViews = new Map();
      const order = rows.map((_, j) => j).sort((a, b) => (rows[b]!.views ?? 0) - (rows[a]!.views ?? 0) || rows[a]!.id - rows[b]!.id);
      for (const j of order) (this.byViews.get(key(rows[j]!)) ?? this.byViews.set(key(rows[j]!), []).get(key(rows[j]!))!).push(j);
    }
    return this.byViews.get(key(this.rows[i]!)) ?? [];
  }

  /** How much titles `i` and `j` share: the weights of their common features and their co-marks. */
  likeness(i: number, j: number): number {
    const a = this.features[i]!;
    const b = this.features[j]!;
    let sum = 0;
    for (let x = 0, y = 0; x < a.length && y < b.length;) {
      if (a[x]! === b[y]!) { sum += this.weight[a[x]!]!; x++; y++; } else if (a[x]! < b[y]!) x++; else y++;
    }
    const co = this.coMarks.get(this.rows[i]!.id)?.get(this.rows[j]!.id);
    return co ? sum + CO_MARK_WEIGHT * Math.log2(1 + co) : sum;
  }

  /** The ranking value of `j` on `i`'s page: likeness with the pair's salt. */
  rank(i: number, j: number): number {
    return this.likeness(i, j) * (1 + SALT * salt(this.rows[i]!.id, this.rows[j]!.id));
  }

  /** The shortlist for `i`: titles its rarer features (all of them) and commoner ones (sampled) bring. */
  private shortlist(i: number): number[] {
    const touched: number[] = [];
    const add = (j: number, w: number) => {
      if (j === i) return;
      if (this.scores[j] === 0) touched.push(j);
      this.scores[j]! += w;
    };
    const own = [...this.features[i]!].sort((a, b) => this.postings[a]!.length - this.postings[b]!.length);
    for (const f of own) {
      const list = this.postings[f]!;
      const w = this.weight[f]!;
      if (list.length <= FULL_POSTING) {
        for (const j of list) add(j, w);
      } else {
        const start = Math.floor(salt(this.rows[i]!.id, f) * list.length);
        for (let k = 0; k < SAMPLE; k++) add(list[(start + k) % list.length]!, w);
      }
    }
    for (const [other, n] of this.coMarks.get(this.rows[i]!.id) ?? []) {
      const j = this.index.get(other);
      if (j !== undefined) add(j, CO_MARK_WEIGHT * Math.log2(1 + n));
    }
    // The best by what was counted so far: a small sorted top list, most candidates failing one comparison.
    const top: number[] = [];
    for (const j of touched) {
      const s = this.scores[j]!;
      if (top.length === SHORTLIST && s <= this.scores[top[SHORTLIST - 1]!]!) continue;
      let k = top.length < SHORTLIST ? top.length : SHORTLIST - 1;
      while (k > 0 && this.scores[top[k - 1]!]! < s) { top[k] = top[k - 1]!; k--; }
      top[k] = j;
    }
    for (const j of touched) this.scores[j] = 0;
    return top;
  }

  /** The related titles of `i`, ids, best first (see the module note). */
  relatedOf(i: number): number[] {
    const self = this.rows[i]!;
    const out: number[] = [];
    const families = new Set<string>();
    const take = (j: number) => {
      const t = this.rows[j]!;
      if (j === i || out.includes(t.id) || out.length >= RELATED_COUNT) return;
      const family = this.familyOf(j);
      if (family && families.has(family)) return;
      out.push(t.id);
      if (family) families.add(family);
    };
    for (const id of pinnedOf(self)) {
      const j = this.index.get(id);
      if (j !== undefined && j !== i && !out.includes(id) && out.length < RELATED_COUNT) out.push(id);
    }
    const ranked = this.shortlist(i).map((j) => [j, this.rank(i, j)] as const).filter(([, s]) => s > 0).sort((a, b) => b[1] - a[1]);
    for (const [j] of ranked) take(j);
    // Nothing in common with enough titles: the most viewed of the same category (the first few hundred
    // are plenty, and a page of a large category is not to read them all).
    if (out.length < RELATED_COUNT) {
      const fallback = this.mostViewedLike(i);
      for (let k = 0; k < Math.min(fallback.length, FALLBACK_SCAN) && out.length < RELATED_COUNT; k++) take(fallback[k]!);
    }
    return out;
  }

  /** Whether `x` would rank on `i`'s page above the weakest of `list` (or `list` has room). */
  wouldEnter(i: number, x: number, list: number[]): boolean {
    if (list.length < RELATED_COUNT) return true;
    const rank = this.rank(i, x);
    return list.some((id) => {
      const j = this.index.get(id);
      return (j === undefined ? 0 : this.rank(i, j)) < rank;
    });
  }

  /** Titles sharing any feature with `x`, each once. */
  sharing(x: number): number[] {
    const seen = new Uint8Array(this.rows.length);
    seen[x] = 1;
    const out: number[] = [];
    for (const f of this.features[x]!) {
      for (const j of this.postings[f]!) {
        if (seen[j]) continue;
        seen[j] = 1;
        out.push(j);
      }
    }
    return out;
  }
}

/** Every title's related titles. */
export function relatedLists(rows: LikenessRow[], coMarks: CoMarks = {}): RelatedLists {
  const likeness = new Likeness(rows, coMarks);
  const lists: RelatedLists = {};
  rows.forEach((t, i) => { lists[t.id] = likeness.relatedOf(i); });
  return lists;
}

/**
 * The lists after `changed` titles were created, edited or deleted: computed again for the changed
 * titles, for those whose list held one of them, and for those one of them now ranks on; the rest
 * are kept (their weights move a little with the catalogue; a full build weighs them afresh).
 */
export function updateRelatedLists(rows: LikenessRow[], previous: RelatedLists, changed: number[], coMarks: CoMarks = {}): RelatedLists {
  const likeness = new Likeness(rows, coMarks);
  const gone = new Set(changed);
  const again = new Set<number>();
  rows.forEach((t, i) => {
    const list = previous[t.id];
    if (!list || gone.has(t.id) || list.some((id) => gone.has(id) || !likeness.index.has(id))) again.add(i);
  });
  for (const id of changed) {
    const x = likeness.index.get(id);
    if (x === undefined) continue;
    for (const i of likeness.sharing(x)) if (!again.has(i) && likeness.wouldEnter(i, x, previous[rows[i]!.id]!)) again.add(i);
  }
  const lists: RelatedLists = {};
  rows.forEach((t, i) => { lists[t.id] = again.has(i) ? likeness.relatedOf(i) : previous[t.id]!; });
  return lists;
}
