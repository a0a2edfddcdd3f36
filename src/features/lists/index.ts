/**
 * Lists as other features see them: hiding the titles marked 'Не интересно' (the account's
 * signed-in code loads hide-titles.ts on demand).
 */
export { startHidingTitles } from './hide-titles.ts';
