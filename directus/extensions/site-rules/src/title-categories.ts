/**
 * A category is not deleted while titles are in it: they would stay published, on no category page,
 * home block or menu, found by search alone. A title's subcategory is one of its category's: the category page shows a block per subcategory,
 * which lists its titles whatever their category, so a Дорамы title with an anime subcategory showed
 * on the anime page. Checked when either is written, the other taken as stored; a subcategory needs
 * its category chosen.
 */
import type { Knex } from 'knex';
import { numberKeyOf } from '../../shared/keys.ts';
import { invalid } from '../../shared/errors.ts';
import { keepWhileNamed } from './kept-while-named.ts';
import { TITLE_FORMS } from '../../../../shared/build-changes.ts';
import { pluralRu } from '../../../../shared/russian-plural.ts';
import type { Meta, Payload, Register } from './types.ts';

export const SUBCATEGORY_ELSEWHERE = 'Подкатегория не относится к выбранной категории';

export const categoryInUse = (titles: number) =>
  `Категорию нельзя удалить: в ней ${titles} ${pluralRu(titles, TITLE_FORMS)}. Сначала перенесите их в другую категорию`;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** A row created with the title (a related object without an id) has no key yet: it is nobody's but its own. */
const CREATED = Symbol('created');
type Link = number | null | typeof CREATED;

function linkOf(value: unknown): Link {
  if (isObject(value) && !('id' in value)) return CREATED;
  return numberKeyOf(value);
}

/**
 * Refuses a subcategory (`subCategory`) that is not of the category (`category`); `categoryOf` reads a
 * stored subcategory's category (undefined when there is no such row: the database's to refuse).
 */
async function check(category: unknown, subCategory: unknown, categoryOf: (id: number) => Promise<number | null | undefined>): Promise<void> {
  const sub = linkOf(subCategory);
  if (sub === null) return;
  const its = sub === CREATED ? linkOf((subCategory as Record<string, unknown>).category) : await categoryOf(sub);
  if (its === undefined) return;
  const own = linkOf(category);
  if (own === null || own === CREATED || its === CREATED || own !== its) invalid(SUBCATEGORY_ELSEWHERE);
}

/** Reads each subcategory's category once however many titles one write names it for. */
function subcategoryCategories(db: Knex): (id: number) => Promise<number | null | undefined> {
  const read = new Map<number, Promise<number | null | undefined>>();
  return (id) => {
    let category = read.get(id);
    if (!category) {
      category = db('subCategories').where('id', id).first('category').then((row?: { category: unknown }) => (row ? numberKeyOf(row.category) : undefined));
      read.set(id, category);
    }
    return category;
  };
}

export function registerTitleCategoryRules(register: Register): void {
  const { filter } = register;
  keepWhileNamed(register, { collection: 'categories', namedIn: [['titles', 'category']], refusal: categoryInUse, adminMay: false });
  filter('titles.items.create', async (payload: Payload, _meta, { database }) => {
    await check(payload.category, payload.subCategory, subcategoryCategories(database));
    return payload;
  });
  filter('titles.items.update', async (payload: Payload, meta: Meta, { database }) => {
    if (!('category' in payload) && !('subCategory' in payload)) return payload;
    const keys = meta.keys ?? [];
    const stored: { category: unknown; subCategory: unknown }[] = keys.length
      ? await database('titles').whereIn('id', keys).select('category', 'subCategory')
      : [];
    const categoryOf = subcategoryCategories(database);
    for (const row of stored) {
      await check('category' in payload ? payload.category : row.category, 'subCategory' in payload ? payload.subCategory : row.subCategory, categoryOf);
    }
    return payload;
  });
}
