/**
 * 'Вам может понравиться' by likeness: what a title shares with another (genres, tags, country,
 * category and subcategory, cast, directors and writers), a rare feature weighing more than a
 * common one (its inverse document frequency), plus what people who marked or rated it highly
 * also did, once enough did (co-marks, counted by the backend). Titles an editor pinned come first.
 * Never the title itself; one other season of its own franchise at most, and one of any other; a
 * small salt of the pair's own hash varies equal choices between neighbouring pages.
 *
 * Built for the whole catalogue at once (`relatedLists`), or brought up to date after an edit
 * (`prepareRelated`, ahead of it, then `update`): then only the lists the edit can change are
 * computed again, and the catalogue is not indexed again.
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

/** Every field likeness reads: a record, so a field added to LikenessRow must be named here too. */
const LIKENESS_FIELDS: Record<keyof LikenessRow, true> = {
  id: true, name: true, views: true, category: true, subCategory: true, country: true, genres: true, tags: true,
  actors: true, directors: true, screenwriters: true, relatedTitles: true,
};
const LIKENESS_KEYS = Object.keys(LIKENESS_FIELDS) as (keyof LikenessRow)[];

/** What likeness reads of a title: a copy, so the rest of its row (episodes, plot) can go. */
export function likenessOf(row: LikenessRow): LikenessRow {
  const copy: LikenessRow = { id: row.id, name: row.name };
  for (const key of LIKENESS_KEYS) if (row[key] !== undefined) Object.assign(copy, { [key]: row[key] });
  return copy;
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

const NO_TITLES = new Int32Array(0);

/** `list` (ascending) with `slot` put in its place. */
function withSlot(list: Int32Array, slot: number): Int32Array {
  let k = 0;
  while (k < list.length && list[k]! < slot) k++;
  const out = new Int32Array(list.length + 1);
  out.set(list.subarray(0, k));
  out[k] = slot;
  out.set(list.subarray(k), k + 1);
  return out;
}

/** `list` without `slot`. */
function withoutSlot(list: Int32Array, slot: number): Int32Array {
  const k = list.indexOf(slot);
  if (k === -1) return list;
  const out = new Int32Array(list.length - 1);
  out.set(list.subarray(0, k));
  out.set(list.subarray(k + 1), k);
  return out;
}

/** A feature's weight among `n` titles, `df` of which have it. */
const weightOf = (df: number, n: number) => (df ? Math.log(n / df) + 0.05 : 0);

/**
 * The catalogue indexed for likeness: each title in a slot of its own, its features as sorted numbers,
 * the titles having each feature (in slot order) and the feature's weight. Titles can be put in and
 * taken out one at a time, so an edit need not index the whole catalogue again.
 */
class Likeness {
  /** Title id → slot; a deleted title's slot stays empty. */
  readonly index = new Map<number, number>();
  readonly rows: (LikenessRow | undefined)[] = [];
  private readonly features: Int32Array[] = [];
  /** Per kind, a small number for each id: keys past 2^31 would be boxed numbers, slow to hash and to keep. */
  private readonly featureIds = Array.from({ length: PERSON + 1 }, () => new Map<number, number>());
  private readonly counts: number[] = [];
  private readonly postings: Int32Array[] = [];
  private weight = new Float64Array(0);
  /** How many titles the weights were made for. */
  private weighedFor = 0;
  /** Franchises and the most viewed by category are made when first asked (an edit asks for few). */
  private readonly families: (string | undefined)[] = [];
  private byViews: Map<string, number[]> | null = null;
  private readonly coMarks: Map<number, Map<number, number>>;
  /** Scratch sums per slot, zero between uses. */
  private scores = new Float64Array(0);
  /** Scratch marks per slot, zero between uses. */
  private reachable = new Uint8Array(0);

  constructor(rows: LikenessRow[], coMarks: CoMarks) {
    this.coMarks = new Map(Object.entries(coMarks).map(([id, list]) => [Number(id), new Map(list)]));
    rows.forEach((t, i) => {
      this.index.set(t.id, i);
      this.rows.push(t);
      const own = this.featureSet(t);
      this.features.push(own);
      for (const f of own) this.counts[f]!++;
    });
    const fill = this.counts.map(() => 0);
    this.counts.forEach((df, f) => { this.postings[f] = new Int32Array(df); });
    this.features.forEach((fs, i) => { for (const f of fs) this.postings[f]![fill[f]!++] = i; });
    this.reweigh();
  }

  /** `t`'s features as numbers, ascending, each once; a feature first seen gets a number. */
  private featureSet(t: LikenessRow): Int32Array {
    const own: number[] = [];
    eachFeature(t, (kind, id) => {
      const known = this.featureIds[kind]!;
      let f = known.get(id);
      if (f === undefined) {
        known.set(id, (f = this.counts.push(0) - 1));
        this.postings[f] = NO_TITLES;
      }
      own.push(f);
    });
    own.sort((a, b) => a - b);
    return Int32Array.from(own.filter((f, k) => k === 0 || own[k - 1] !== f));
  }

  /**
   * Weights from how many titles have each feature, and scratch room for every slot. While the number
   * of titles stays (an edit), only the weights of the features `touched` move: the rest are as a
   * full weighing would make them, and an edit need not weigh every feature of the catalogue again.
   */
  private reweigh(touched?: Iterable<number>): void {
    const n = Math.max(this.index.size, 1);
    if (this.weight.length < this.counts.length) {
      const grown = new Float64Array(this.counts.length);
      grown.set(this.weight);
      this.weight = grown;
    }
    if (touched && n === this.weighedFor) {
      for (const f of touched) this.weight[f] = weightOf(this.counts[f]!, n);
    } else {
      for (let f = 0; f < this.counts.length; f++) this.weight[f] = weightOf(this.counts[f]!, n);
      this.weighedFor = n;
    }
    if (this.scores.length < this.rows.length) this.scores = new Float64Array(this.rows.length);
  }

  /** Puts the `fresh` rows of the titles `changed` in their slots; a changed id missing from `fresh` was deleted. */
  replace(fresh: LikenessRow[], changed: number[]): void {
    const byId = new Map(fresh.map((t) => [t.id, t]));
    const touched = new Set<number>();
    for (const id of new Set(changed)) {
      const slot = this.index.get(id);
      if (slot !== undefined) {
        for (const f of this.features[slot]!) touched.add(f);
        this.takeOut(slot);
      }
      const row = byId.get(id);
      if (!row) continue;
      const at = slot ?? this.rows.length;
      this.putIn(row, at);
      for (const f of this.features[at]!) touched.add(f);
    }
    this.reweigh(touched);
  }

  private takeOut(slot: number): void {
    const row = this.rows[slot]!;
    for (const f of this.features[slot]!) {
      this.counts[f]!--;
      this.postings[f] = withoutSlot(this.postings[f]!, slot);
    }
    const byViews = this.byViews?.get(categoryKey(row));
    byViews?.splice(byViews.indexOf(slot), 1);
    this.index.delete(row.id);
    this.rows[slot] = undefined;
    this.features[slot] = NO_TITLES;
    this.families[slot] = undefined;
  }

  private putIn(row: LikenessRow, slot: number): void {
    this.index.set(row.id, slot);
    this.rows[slot] = row;
    this.features[slot] = this.featureSet(row);
    for (const f of this.features[slot]!) {
      this.counts[f]!++;
      this.postings[f] = withSlot(this.postings[f]!, slot);
    }
    this.families[slot] = undefined;
    if (!this.byViews) return;
    const key = categoryKey(row);
    const list = this.byViews.get(key) ?? this.byViews.set(key, []).get(key)!;
    let k = 0;
    while (k < list.length && this.viewOrder(list[k]!, slot) < 0) k++;
    list.splice(k, 0, slot);
  }

  private familyOf(j: number): string {
    return (this.families[j] ??= familyOf(this.rows[j]!.name));
  }

  /** Most viewed first, then by id. */
  private viewOrder(a: number, b: number): number {
    const [x, y] = [this.rows[a]!, this.rows[b]!];
    return (y.views ?? 0) - (x.views ?? 0) || x.id - y.id;
  }

  /** The titles of `i`'s category, most viewed first. */
  private mostViewedLike(i: number): number[] {
    if (!this.byViews) {
      const byViews = new Map<string, number[]>();
      const order = [...this.index.values()].sort((a, b) => this.viewOrder(a, b));
      for (const j of order) {
        const key = categoryKey(this.rows[j]!);
        (byViews.get(key) ?? byViews.set(key, []).get(key)!).push(j);
      }
      this.byViews = byViews;
    }
    return this.byViews.get(categoryKey(this.rows[i]!)) ?? [];
  }

  /** How much titles `i` and `j` share: the weights of their common features and their co-marks. */
  private likeness(i: number, j: number): number {
    const a = this.features[i]!;
    const b = this.features[j]!;
    let sum = 0;
    for (let x = 0, y = 0; x < a.length && y < b.length;) {
      if (a[x]! === b[y]!) { sum += this.weight[a[x]!]!; x++; y++; } else if (a[x]! < b[y]!) x++; else y++;
    }
    return sum + this.coMarkWeight(i, j);
  }

  private coMarkWeight(i: number, j: number): number {
    const co = this.coMarks.get(this.rows[i]!.id)?.get(this.rows[j]!.id);
    return co ? CO_MARK_WEIGHT * Math.log2(1 + co) : 0;
  }

  /** The ranking value of `j` on `i`'s page: likeness with the pair's salt. */
  private saltedRank(i: number, j: number, likeness: number): number {
    return likeness * (1 + SALT * salt(this.rows[i]!.id, this.rows[j]!.id));
  }

  private rank(i: number, j: number): number {
    return this.saltedRank(i, j, this.likeness(i, j));
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

  /** The rank of the weakest of `list` on `i`'s page; -Infinity while it has room. */
  weakest(i: number, list: number[]): number {
    if (list.length < RELATED_COUNT) return -Infinity;
    return Math.min(...list.map((id) => {
      const j = this.index.get(id);
      return j === undefined ? 0 : this.rank(i, j);
    }));
  }

  /**
   * Calls `visit` with each title sharing a feature with `x`, `x`'s rank on its page (summed over the
   * shared features' titles) and whether its shortlist can meet `x` at all: through a rarer feature,
   * read in full, through the sampled window of a common one, or through a co-mark. A page whose
   * shortlist cannot meet `x` would not show it, however well it ranks.
   */
  eachRankOf(x: number, visit: (i: number, rank: number, reachable: boolean) => void): void {
    const touched: number[] = [];
    if (this.reachable.length < this.rows.length) this.reachable = new Uint8Array(this.rows.length);
    const xId = this.rows[x]!.id;
    for (const f of this.features[x]!) {
      const w = this.weight[f]!;
      const list = this.postings[f]!;
      const full = list.length <= FULL_POSTING;
      const at = full ? -1 : list.indexOf(x);
      for (const i of list) {
        if (i === x) continue;
        if (this.scores[i] === 0) touched.push(i);
        this.scores[i]! += w;
        // The window shortlist() samples of this feature for page i, as it places it.
        if (full || (at - Math.floor(salt(this.rows[i]!.id, f) * list.length) + list.length) % list.length < SAMPLE) this.reachable[i] = 1;
      }
    }
    for (const i of touched) {
      const reachable = this.reachable[i] === 1 || this.coMarks.get(this.rows[i]!.id)?.has(xId) === true;
      visit(i, this.saltedRank(i, x, this.scores[i]! + this.coMarkWeight(i, x)), reachable);
      this.scores[i] = 0;
      this.reachable[i] = 0;
    }
  }
}

const categoryKey = (t: LikenessRow) => `${idOf(t.category) ?? ''}`;

/** Every title's related titles. */
export function relatedLists(rows: LikenessRow[], coMarks: CoMarks = {}): RelatedLists {
  const likeness = new Likeness(rows, coMarks);
  const lists: RelatedLists = {};
  rows.forEach((t, i) => { lists[t.id] = likeness.relatedOf(i); });
  return lists;
}

/**
 * How far a list's weakest rank can fall per changed title: one more title having a feature lowers its
 * weight by under a tenth once the catalogue has 100 titles, and one less raises it.
 */
const FLOOR_MARGIN = 0.85;

/** The catalogue indexed with its lists, ready for an edit. */
export interface PreparedRelated {
  /**
   * The lists after the titles `changed` were created, edited or deleted (`fresh`: their rows now, a
   * deleted one absent): computed again for the changed titles, for those whose list held one of them,
   * and for those whose shortlist can meet one of them and on which it now ranks; the rest are kept
   * (their weights move a little with the catalogue; a full build weighs them afresh). The lists returned are the index's own: the next
   * update changes them.
   */
  update(fresh: LikenessRow[], changed: number[]): RelatedLists;
}

/**
 * Indexes `rows` and their `lists` for the edits to come: the work an edit's build can do before it
 * knows the edit. Kept beside the lists: which pages show each title, and each list's weakest rank,
 * so finding where a changed title now ranks asks again only the pages it comes near.
 */
export function prepareRelated(rows: LikenessRow[], lists: RelatedLists, coMarks: CoMarks = {}): PreparedRelated {
  const likeness = new Likeness(rows, coMarks);
  const current: RelatedLists = { ...lists };
  /** Title id → the ids of the titles whose list shows it. */
  const shownOn = new Map<number, Set<number>>();
  const show = (id: number, list: number[], on: boolean) => {
    for (const other of list) {
      const pages = shownOn.get(other) ?? shownOn.set(other, new Set()).get(other)!;
      if (on) pages.add(id);
      else pages.delete(id);
    }
  };
  /** Per slot, the weakest rank of its list. */
  let floors = new Float64Array(rows.length);
  const setList = (i: number, list: number[]) => {
    const id = likeness.rows[i]!.id;
    show(id, current[id] ?? [], false);
    show(id, list, true);
    current[id] = list;
    if (floors.length <= i) floors = Float64Array.from({ length: likeness.rows.length }, (_, k) => floors[k] ?? -Infinity);
    floors[i] = likeness.weakest(i, list);
  };
  rows.forEach((t, i) => setList(i, current[t.id] ?? []));
  return {
    update(fresh, changed) {
      const gone = new Set(changed);
      const pages = new Set<number>();
      for (const id of gone) for (const page of shownOn.get(id) ?? []) pages.add(page);
      likeness.replace(fresh, changed);
      const again = new Set<number>();
      for (const id of [...gone, ...pages]) {
        const i = likeness.index.get(id);
        if (i !== undefined) again.add(i);
      }
      const margin = FLOOR_MARGIN ** gone.size;
      for (const id of gone) {
        const x = likeness.index.get(id);
        if (x === undefined) continue;
        likeness.eachRankOf(x, (i, rank, reachable) => {
          if (reachable && !again.has(i) && rank >= floors[i]! * margin && likeness.weakest(i, current[likeness.rows[i]!.id]!) < rank) again.add(i);
        });
      }
      for (const i of again) setList(i, likeness.relatedOf(i));
      for (const id of gone) {
        if (likeness.index.has(id)) continue;
        show(id, current[id] ?? [], false);
        delete current[id];
        shownOn.delete(id);
      }
      return current;
    },
  };
}
