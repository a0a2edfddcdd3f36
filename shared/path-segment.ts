/**
 * A name that becomes one part of a page's address as it is (a category's name: `/categories/Дорамы/filter`).
 * A `/` or `..` in it made every build fail, and could have written the page elsewhere.
 */
export const PATH_SEGMENT_ERROR = 'Название становится частью адреса страницы: без знаков / \\ ? # % и не «.» или «..»';

export function isPathSegment(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '' && value !== '.' && value !== '..' && !/[/\\?#%\u0000-\u001f\u007f]/.test(value);
}
