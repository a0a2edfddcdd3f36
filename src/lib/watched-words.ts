/** «Просмотрено 5 из 16»: the title page's player and the profile's lists say it alike. */
export const watchedWords = (watched: number, episodes: number): string => `Просмотрено ${watched} из ${episodes}`;
