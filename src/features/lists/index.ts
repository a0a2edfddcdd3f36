/** Lists as other features see them: hiding the titles marked 'Не интересно' (signed-in code loads it). */
export const startHidingTitles = (): Promise<void> => import('./hide-titles.ts').then((m) => m.startHidingTitles());
