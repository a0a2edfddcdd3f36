/**
 * Asked with a new email or password. A module of its own: the site's shared chunk carries every text
 * of rules.ts to visitors' pages, and only the profile edit form needs this one.
 */
export const CURRENT_PASSWORD_NEEDED = 'Введите текущий пароль';
