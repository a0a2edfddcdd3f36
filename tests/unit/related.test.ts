import { describe, expect, it } from 'vitest';
import { TITLES } from '../../directus/seed/data/titles.ts';
import { RELATED_COUNT, familyOf, featuresOf, likenessOf, pinnedOf, prepareRelated, relatedLists, type LikenessRow } from '../../src/lib/related.ts';
import { synthLikenessRows } from '../../scripts/lib/synth-likeness.ts';

/** The demo catalogue as the build reads it: ids for titles and for every name they link to. */
function demoRows(): LikenessRow[] {
  const ids = new Map<string, number>();
  const id = (kind: string, key: string) => ids.get(`${kind}:${key}`) ?? ids.set(`${kind}:${key}`, ids.size + 1).get(`${kind}:${key}`)!;
  const bySlug = new Map(TITLES.map((t, i) => [t.slug, i + 1]));
  return TITLES.map((t, i) => ({
    id: i + 1,
    name: t.name,
    views: 1000 - i,
    category: { id: id('c', t.category) },
    subCategory: { id: id('s', t.subCategory) },
    country: { id: id('n', t.country) },
    genres: t.genres.map((g) => ({ genres_id: { id: id('g', g) } })),
    tags: t.tags.map((g) => ({ tags_id: { id: id('t', g) } })),
    actors: t.actors.map((a) => ({ actors_id: id('p', a) })),
    directors: t.directors.map((a) => ({ actors_id: id('p', a) })),
    screenwriters: t.screenwriters.map((a) => ({ actors_id: id('p', a) })),
    relatedTitles: (t.related ?? []).map((slug) => ({ related_titles_id: bySlug.get(slug)! })),
  }));
}

const shares = (a: LikenessRow, b: LikenessRow) => featuresOf(a).some((f) => featuresOf(b).includes(f));

describe('a franchise', () => {
  it('is the name without its season or part', () => {
    const family = familyOf('Врачи ночной смены');
    for (const name of ['Врачи ночной смены 2', 'Врачи ночной смены. Сезон 3', 'ВРАЧИ НОЧНОЙ СМЕНЫ: Новая смена', 'Врачи ночной смены 2 сезон', 'Врачи ночной смены II']) {
      expect(familyOf(name), name).toBe(family);
    }
    expect(familyOf('Врачи дневной смены')).not.toBe(family);
  });
});

describe('related titles of the demo catalogue', () => {
  const rows = demoRows();
  const lists = relatedLists(rows);
  const byId = new Map(rows.map((r) => [r.id, r]));

  it('are four other titles each, every one sharing something real', () => {
    for (const t of rows) {
      const list = lists[t.id]!;
      expect(list, t.name).toHaveLength(RELATED_COUNT);
      expect(list).not.toContain(t.id);
      expect(new Set(list).size).toBe(RELATED_COUNT);
      const pinned = pinnedOf(t);
      for (const id of list.filter((x) => !pinned.includes(x))) expect(shares(t, byId.get(id)!), `${t.name} → ${byId.get(id)!.name}`).toBe(true);
    }
  });

  it('are the same from what likeness reads of each title, the rest of its row left out', () => {
    const whole = rows.map((t) => ({ ...t, series: [{ id: t.id, episodes: [1, 2, 3] }], description: 'Сюжет' }));
    const read = whole.map(likenessOf);
    expect(read[0]).not.toHaveProperty('series');
    expect(read[0]).not.toHaveProperty('description');
    expect(relatedLists(read)).toEqual(lists);
  });

  it('put the titles an editor pinned first, in their order', () => {
    const withPins = rows.filter((t) => pinnedOf(t).length);
    expect(withPins.length).toBeGreaterThan(0);
    for (const t of withPins) expect(lists[t.id]!.slice(0, pinnedOf(t).length)).toEqual(pinnedOf(t));
  });

  it('differ between titles of one category: rarely the same four', () => {
    const byCategory = Map.groupBy(rows, (t) => JSON.stringify(t.category));
    for (const titles of byCategory.values()) {
      const sets = new Set(titles.map((t) => [...lists[t.id]!].sort().join()));
      expect(sets.size / titles.length).toBeGreaterThan(0.8);
    }
  });

  it('weigh a rare shared feature above a common one', () => {
    // Two titles alike in every common feature but one shares a person: that one ranks first.
    const base = { name: 'x', category: { id: 1 }, country: { id: 1 }, genres: [{ genres_id: { id: 1 } }] };
    const many: LikenessRow[] = Array.from({ length: 20 }, (_, i) => ({ ...base, id: 100 + i, name: `Другой ${i}` }));
    const page: LikenessRow = { ...base, id: 1, name: 'Страница', actors: [{ actors_id: 7 }] };
    const colleague: LikenessRow = { ...base, id: 2, name: 'Коллега', actors: [{ actors_id: 7 }] };
    expect(relatedLists([page, ...many, colleague])[1]![0]).toBe(2);
  });
});

describe('a franchise\'s other seasons', () => {
  it('fill one place at most', () => {
    const common = { category: { id: 1 }, country: { id: 1 }, genres: [{ genres_id: { id: 1 } }, { genres_id: { id: 2 } }], actors: [{ actors_id: 1 }, { actors_id: 2 }] };
    const seasons: LikenessRow[] = [1, 2, 3, 4, 5].map((n) => ({ ...common, id: n, name: n === 1 ? 'Врачи ночной смены' : `Врачи ночной смены ${n}` }));
    const others: LikenessRow[] = ['Альфа', 'Бета', 'Гамма', 'Дельта', 'Эпсилон', 'Дзета'].map((name, i) => ({ id: 10 + i, name, category: { id: 1 }, genres: [{ genres_id: { id: 1 } }] }));
    const lists = relatedLists([...seasons, ...others]);
    for (const s of seasons) {
      const list = lists[s.id]!;
      expect(list.filter((id) => id <= 5), s.name).toHaveLength(1);
      expect(list).toHaveLength(RELATED_COUNT);
    }
  });
});

describe('after an edit', () => {
  it('computes again what the edit can change, as a full computation would', () => {
    const rows = demoRows();
    const before = relatedLists(rows);
    const edited = rows.findIndex((t) => t.genres!.length > 1);
    const changed = { ...rows[edited]!, genres: [{ genres_id: { id: 999 } }], tags: rows[(edited + 7) % rows.length]!.tags };
    const after = [...rows];
    after[edited] = changed;
    const updated = prepareRelated(rows, before).update([changed], [changed.id]);
    const full = relatedLists(after);
    expect(updated[changed.id]).toEqual(full[changed.id]);
    for (const t of after) if (full[t.id]!.includes(changed.id) || before[t.id]!.includes(changed.id)) expect(updated[t.id], t.name).toEqual(full[t.id]);
  });

  it('drops a deleted title from every list and adds a new one where it ranks', () => {
    const rows = demoRows();
    const before = relatedLists(rows);
    const gone = before[rows[0]!.id]![0]!;
    const twin: LikenessRow = { ...rows.find((t) => t.id === 1)!, id: 500, name: 'Близнец', relatedTitles: [] };
    const after = [...rows.filter((t) => t.id !== gone), twin];
    const updated = prepareRelated(rows, before).update([twin], [gone, twin.id]);
    for (const t of after) expect(updated[t.id]).not.toContain(gone);
    expect(updated[1]).toContain(500);
  });

  it('follows edits one after another, each as a full computation would', () => {
    let rows = demoRows();
    const prepared = prepareRelated(rows, relatedLists(rows));
    for (const [k, at] of [3, 11, 20].entries()) {
      const before = { ...prepared.update([], []) };
      const changed = { ...rows[at]!, actors: rows[(at + 5 * (k + 1)) % rows.length]!.actors, genres: rows[(at + 9) % rows.length]!.genres };
      rows = rows.map((t) => (t.id === changed.id ? changed : t));
      const updated = prepared.update([changed], [changed.id]);
      const full = relatedLists(rows);
      expect(updated[changed.id]).toEqual(full[changed.id]);
      for (const t of rows) if (full[t.id]!.includes(changed.id) || before[t.id]!.includes(changed.id)) expect(updated[t.id], t.name).toEqual(full[t.id]);
    }
  });
});

const EDITS_TIMEOUT_MS = 30_000;

describe('after edits to a synthetic catalogue (scripts/lib/synth-likeness.ts)', () => {
  // A 1,500-title catalogue edited again and again: 2.5 s alone, past the default 5 s on a loaded machine.
  it('every list an edit can change equals a full computation, edit after edit, and the new titles and deleted ones too', () => {
    let rows = synthLikenessRows(1500, 4500, 11);
    const prepared = prepareRelated(rows, relatedLists(rows));
    const at = (k: number) => rows[(k * 397) % rows.length]!;
    for (let k = 1; k <= 8; k++) {
      const before = { ...prepared.update([], []) };
      const source = at(k + 50);
      // Edits of every kind an editor makes: genres and tags, the cast, the category, a new title, a deletion.
      const edits: { fresh: LikenessRow[]; changed: number[] } =
        k % 4 === 1 ? { fresh: [{ ...at(k), genres: source.genres, tags: source.tags }], changed: [at(k).id] }
          : k % 4 === 2 ? { fresh: [{ ...at(k), actors: source.actors, directors: source.directors }], changed: [at(k).id] }
            : k % 4 === 3 ? { fresh: [{ ...source, id: 10_000 + k, name: `${source.name} 2`, relatedTitles: [] }], changed: [10_000 + k] }
              : { fresh: [], changed: [at(k).id] };
      const changed = new Set(edits.changed);
      rows = [...rows.filter((t) => !changed.has(t.id)), ...edits.fresh].sort((a, b) => a.id - b.id);
      const updated = prepared.update(edits.fresh, edits.changed);
      const full = relatedLists(rows);
      for (const id of changed) {
        if (full[id]) expect(updated[id], `edit ${k}: the edited title`).toEqual(full[id]);
        else expect(updated[id], `edit ${k}: a deleted title has no list`).toBeUndefined();
      }
      for (const t of rows) {
        const touched = edits.changed.some((id) => full[t.id]!.includes(id) || before[t.id]?.includes(id));
        if (touched) expect(updated[t.id], `edit ${k}: ${t.name}`).toEqual(full[t.id]);
      }
    }
  }, EDITS_TIMEOUT_MS);
});
