import { describe, expect, it } from 'vitest';
import { ACTORS } from '../../directus/seed/data/actors.ts';
import { TITLES } from '../../directus/seed/data/titles.ts';
import { editDistance } from '../../shared/edit-distance.ts';
import { Vocabulary, planSearch } from '../../shared/search-plan.ts';
import {
  foldWords, forgivenEdits, NAME_KEYS_MAX, nameKeys, personSearchKeys, queryReadings, skeleton, skeletonWord, swapLayout, titleIndexFields, withoutIndexFields,
} from '../../shared/search-variants.ts';

describe('folding', () => {
  it('takes case, ё, accents, punctuation and spacing away', () => {
    expect(foldWords('  Кафе «Белый  кот»! ')).toEqual(['кафе', 'белый', 'кот']);
    expect(foldWords('ЁЛКИ-палки')).toEqual(['елки', 'палки']);
    expect(foldWords('Pokémon: Café')).toEqual(['pokemon', 'cafe']);
    // й is a letter of its own, not и with an accent.
    expect(foldWords('Токийская')).toEqual(['токийская']);
    expect(foldWords(42)).toEqual([]);
  });
});

describe('keyboard layouts', () => {
  it('swaps every key both ways', () => {
    expect(swapLayout('ljhfvf')).toBe('дорама');
    expect(swapLayout('ьфылф')).toBe('maska');
    expect(swapLayout(swapLayout('j,otcnbz? [jkjlyjt'))).toBe('j,otcnbz? [jkjlyjt');
    // The keys of б, ю, ж, х, э are punctuation in the Latin layout.
    expect(swapLayout('j,otcnbz')).toBe('общестия');
  });

  it('reads a query as typed and in the other layout', () => {
    expect(queryReadings('vfcrf').map((r) => r.words)).toEqual([['vfcrf'], ['маска']]);
    expect(queryReadings('123')).toHaveLength(1);
  });
});

describe('the shared spelling', () => {
  it('makes Russian and its Latin transliterations one', () => {
    const same = (...forms: string[]) => expect(new Set(forms.map((f) => skeleton(f).join(' '))).size, forms.join(' | ')).toBe(1);
    same('Токийская история', 'tokiyskaya istoriya', 'tokijskaja istorija', 'tokiiskaia istoria', 'токиская история');
    same('Маска', 'maska', 'MASKA');
    same('Ёлки', 'yolki', 'elki', 'Елки');
    same('Шёпот', 'shepot');
    same('Цветок', 'tsvetok', 'cvetok');
    same('Мальчики из общежития', 'malchiki iz obshchezhitiya');
  });

  it('spells every demo title\'s name as its slug does, or within the typos forgiven', () => {
    const differ = TITLES.flatMap((t) => {
      const words = foldWords(t.name);
      const slug = t.slug.split('-');
      if (words.length !== slug.length) return [];
      return words.flatMap((w, i) => {
        const edits = editDistance(skeletonWord(w), skeletonWord(slug[i]!), 2);
        return edits === 0 || edits <= forgivenEdits([...slug[i]!].length) ? [] : [`${w} ≠ ${slug[i]}`];
      });
    });
    expect(differ).toEqual([]);
  });

  it('keeps names between bars and a description\'s words after spaces', () => {
    expect(nameKeys(['Маска', null, 'Mask'])).toBe('|maska|mask|');
    const t = titleIndexFields({ name: 'Маска', description: 'Про маску.' });
    expect(t).toEqual({ searchText: 'маска про маску.', searchNames: '|maska|', searchBody: ' pro masku' });
    expect(personSearchKeys({ nameRu: 'Ким Со Юн', nameEn: 'Kim Seo-yun' })).toEqual({ searchNames: '|kim so iun|kim seo iun|' });
  });

  it('keeps a names\' key within what an index entry holds, in whole words', () => {
    const key = nameKeys(['Щедрый вечер '.repeat(200), 'Маска']);
    expect(key.length).toBeLessThanOrEqual(NAME_KEYS_MAX);
    expect(key.startsWith('|') && key.endsWith('|')).toBe(true);
    expect(new Set(key.slice(1, -1).split(' '))).toEqual(new Set(skeleton('Щедрый вечер')));
  });

  it('drops the columns only the backend writes', () => {
    expect(withoutIndexFields({ name: 'a', searchText: 'x', searchNames: 'x', searchBody: 'x', searchOpens: 9 })).toEqual({ name: 'a' });
  });
});

describe('typos', () => {
  it('counts a wrong, missing or extra letter and two swapped neighbours as one edit', () => {
    expect(editDistance('маска', 'маска', 2)).toBe(0);
    expect(editDistance('маска', 'масса', 2)).toBe(1);
    expect(editDistance('маска', 'мска', 2)).toBe(1);
    expect(editDistance('маска', 'маскка', 2)).toBe(1);
    expect(editDistance('маска', 'мсака', 2)).toBe(1);
    expect(editDistance('маска', 'мсакаа', 2)).toBe(2);
  });

  it('gives up past the bound', () => {
    expect(editDistance('абвгд', 'еёжзи', 2)).toBe(3);
    expect(editDistance('а', 'абвгд', 2)).toBe(3);
  });

  it('forgives two typos from five letters, one in four, none below', () => {
    expect([3, 4, 5, 9].map(forgivenEdits)).toEqual([0, 1, 2, 2]);
  });
});

describe('the search plan', () => {
  const vocabulary = new Vocabulary();
  for (const t of TITLES) for (const name of [t.name, t.originalName, t.anotherName]) vocabulary.add(name);
  for (const a of ACTORS) for (const name of [a.nameRu, a.nameEn]) vocabulary.add(name);

  it('reads the wrong layout and says so in the catalogue\'s words', () => {
    const plan = planSearch('vfcrf', vocabulary)!;
    expect(plan.keys).toEqual(['maska']);
    expect(plan.swapped).toBe(true);
    expect(plan.understood).toBe('маска');
    expect(planSearch('ьфылф', vocabulary)!.understood).toBe('маска');
  });

  it('takes the start of a known word in the other layout over a corrected word as typed', () => {
    const small = new Vocabulary();
    for (const name of ['Тайна океана', 'Наки']) small.add(name);
    expect(small.similar(skeletonWord('nfqy'), 1, 'nfqy').map((f) => f.key)).toEqual([skeletonWord('наки')]);
    const plan = planSearch('nfqy', small)!;
    expect(plan.keys).toEqual([skeletonWord('тайн')]);
    expect(plan.swapped).toBe(true);
    expect(plan.understood).toBe('тайн');
  });

  it('corrects a word of five letters or more to the nearest known one', () => {
    const plan = planSearch('ароамт последнего', vocabulary)!;
    expect(plan.forgiving[0]).toContain(skeletonWord('аромат'));
    expect(plan.understood).toBe('аромат последнего');
  });

  it('leaves what it knows as typed, and a word known from descriptions too', () => {
    expect(planSearch('аромат последнего', vocabulary)!.understood).toBeNull();
    const typing = planSearch('токийск', vocabulary)!;
    expect(typing.keys).toEqual(['tokisk']);
    expect(typing.understood).toBeNull();
    expect(planSearch('квартира', vocabulary, new Set([skeletonWord('квартира')]))!.forgiving).toEqual([['kvartira']]);
  });

  it('keeps the words that match when another matches nothing', () => {
    const plan = planSearch('маска zzzzqqq', vocabulary)!;
    expect(plan.loose).toEqual({ keys: ['maska'], forgiving: [['maska']] });
  });

  it('finds nothing to correct in a run of one letter', () => {
    const plan = planSearch('щщщщщ', vocabulary)!;
    expect(plan.forgiving).toEqual([[skeletonWord('щщщщщ')]]);
    expect(plan.understood).toBeNull();
  });
});
