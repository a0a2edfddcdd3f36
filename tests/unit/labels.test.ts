import { describe, expect, it } from 'vitest';
import { COLLECTIONS, SYSTEM_EXTENSIONS } from '../../directus/schema/collections.ts';
import { LABELS, LABEL_LANGUAGE, fieldLabel, labelled } from '../../directus/schema/labels.ts';

const cyrillic = /[А-Яа-яЁё]/;
const everyField = [...COLLECTIONS, ...SYSTEM_EXTENSIONS].flatMap((c) => c.fields.map((f) => [c.collection, f.field] as const));

describe('names editors read in the admin app', () => {
  it('name every collection of the model in Russian', () => {
    const unnamed = COLLECTIONS.filter((c) => !cyrillic.test(LABELS[c.collection]?.plural ?? '') || !cyrillic.test(LABELS[c.collection]?.singular ?? ''));
    expect(unnamed.map((c) => c.collection)).toEqual([]);
  });

  it('give every collection a lower-case genitive singular, which Directus puts after «Создание» in a form\'s header', () => {
    // «Создание дорамы», «Редактирование жанра»: one string of Directus's for every collection.
    const capitalised = COLLECTIONS.filter((c) => /^[А-ЯЁ]/.test(LABELS[c.collection]?.singular ?? ''));
    expect(capitalised.map((c) => c.collection)).toEqual([]);
    expect(LABELS.titles.singular).toBe('дорамы');
  });

  it('call a catalogue entry a «дорама», not a «тайтл», wherever an editor reads it', () => {
    const texts = JSON.stringify(LABELS);
    expect(texts).not.toMatch(/[Тт]айтл/);
  });

  it('name every field, the model\'s additions to Directus\'s own collections too', () => {
    const unnamed = everyField.filter(([c, f]) => {
      const label = fieldLabel(c, f);
      return !label || !(typeof label === 'string' ? label : label.name).trim();
    });
    expect(unnamed).toEqual([]);
  });

  it('give words to every stored value of a choice that is not already Russian', () => {
    const bare = [...COLLECTIONS, ...SYSTEM_EXTENSIONS].map((c) => labelled(c, COLLECTIONS)).flatMap((c) => c.fields.flatMap((f) => {
      const choices = (f.meta.options as { choices?: { text: string; value: string }[] } | undefined)?.choices ?? [];
      return choices.filter((x) => !cyrillic.test(x.text)).map((x) => `${c.collection}.${f.field}=${x.value}`);
    }));
    expect(bare).toEqual([]);
  });

  it('name no collection or field the model does not have', () => {
    const known = new Set(everyField.map(([c, f]) => `${c}.${f}`));
    const stray = Object.entries(LABELS).flatMap(([c, label]) => Object.keys(label.fields).map((f) => `${c}.${f}`)).filter((k) => !known.has(k));
    expect(stray).toEqual([]);
  });

  it('list columns the collection has', () => {
    const byName = new Map(COLLECTIONS.map((c) => [c.collection, new Set(c.fields.map((f) => f.field))]));
    const missing = Object.entries(LABELS).flatMap(([c, label]) =>
      [...(label.list?.fields ?? []), ...(label.list?.sort ?? []).map((s) => s.replace(/^-/, ''))].filter((f) => !byName.get(c)?.has(f)).map((f) => `${c}.${f}`));
    expect(missing).toEqual([]);
  });

  it('put the names where Directus reads them', () => {
    const titles = labelled(COLLECTIONS.find((c) => c.collection === 'titles')!);
    expect(titles.meta.translations).toEqual([{ language: LABEL_LANGUAGE, translation: 'Дорамы и фильмы', singular: 'дорамы', plural: 'Дорамы и фильмы' }]);
    const status = titles.fields.find((f) => f.field === 'status')!;
    expect(status.meta.translations).toEqual([{ language: LABEL_LANGUAGE, translation: 'Статус' }]);
    expect((status.meta.options as { choices: unknown }).choices).toEqual([
      { text: 'Черновик', value: 'draft' }, { text: 'Опубликован', value: 'published' }, { text: 'В архиве', value: 'archived' },
    ]);
    expect(titles.fields.find((f) => f.field === 'promo')!.meta.note).toMatch(/баннере/);
  });
});
