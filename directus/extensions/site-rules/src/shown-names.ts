/**
 * The names the site prints as a page's heading, a card's caption or a list's entry: none may be blank.
 * `required` only keeps out null, so `"   "` for a title's name or `""` for an actor's made a page
 * headed by nothing. Refused for whoever writes, on create (left out too) and on update, with the
 * field named in Russian; a value that is no text at all is the declared values' to refuse.
 */
import { showsSomething } from '../../../../shared/visible-text.ts';
import { fieldName } from '../../../schema/labels.ts';
import { invalid } from '../../shared/errors.ts';
import type { Payload, Register } from './types.ts';

/** Each collection's name as the site shows it. */
export const SHOWN_NAMES: Readonly<Record<string, string>> = {
  titles: 'name',
  iframeSeasons: 'name',
  series: 'name',
  soundtracks: 'name',
  categories: 'name',
  subCategories: 'name',
  genres: 'name',
  countries: 'name',
  tags: 'name',
  actors: 'nameRu',
  mainBanners: 'title',
  shop: 'name',
  plans: 'name',
};

export const blankNameError = (collection: string, field: string): string => `Поле «${fieldName(collection, field)}» не может быть пустым`;

/** Whether `value`, written to a shown name (undefined: left out of a new row), is a blank one. */
export function isBlankName(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && !showsSomething(value));
}

export function registerShownNameRule({ filter }: Register): void {
  for (const [collection, field] of Object.entries(SHOWN_NAMES)) {
    const message = blankNameError(collection, field);
    filter(`${collection}.items.create`, (payload: Payload) => {
      if (isBlankName(payload[field])) invalid(message);
      return payload;
    });
    filter(`${collection}.items.update`, (payload: Payload) => {
      if (field in payload && isBlankName(payload[field])) invalid(message);
      return payload;
    });
  }
}
