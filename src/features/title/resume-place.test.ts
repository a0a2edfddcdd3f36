import { describe, expect, it } from 'vitest';
import { playerModel, resumePoint } from './player.ts';
import { openedNote, startOverLabel, watchLinkLabel } from './resume-place.ts';

const episode = (id: number, season: number) => ({ id, name: '', season, source: 'iframe', iframe: `/embed/${id}`, duration: 1500 });
const oneSeason = playerModel({ id: 1, typeSource: 'Без сезонов', series: [episode(31, 0), episode(32, 0), episode(33, 0)] });
const twoSeasons = playerModel({
  id: 2, typeSource: 'Сезоны', series: [episode(11, 1), episode(12, 1), episode(21, 2)], iframeSeasons: [{ id: 1, name: '1 сезон' }, { id: 2, name: '2 сезон' }],
});
const film = playerModel({ id: 3, typeSource: 'Одиночный', source: 'video', video: 'file-1', duration: 7200 });

describe('where a signed-in person stopped, as the title page says it', () => {
  it('names the episode in the banner\'s link, with its season when there are several', () => {
    expect(watchLinkLabel(oneSeason, resumePoint(oneSeason, { episode: 32, position: 14, duration: 1500 }))).toBe('Продолжить: серия 2');
    expect(watchLinkLabel(twoSeasons, resumePoint(twoSeasons, { episode: 21, position: 14, duration: 1500 }))).toBe('Продолжить: серия 1, 2 сезон');
    expect(watchLinkLabel(film, resumePoint(film, { episode: null, position: 600, duration: 7200 }))).toBe('Продолжить');
  });

  it('makes the next episode the place once the saved one is watched to its end', () => {
    const point = resumePoint(oneSeason, { episode: 31, position: 1500, duration: 1500 })!;
    expect(point).toMatchObject({ episode: { id: 32 }, position: 0, next: true });
    expect(watchLinkLabel(oneSeason, point)).toBe('Продолжить: серия 2');
    expect(openedNote(oneSeason, point)).toBe('Дальше: серия 2');
    expect(startOverLabel(oneSeason, point)).toBeNull();
  });

  it('keeps «Смотреть» with no place, the start of the first episode, or the title finished', () => {
    expect(watchLinkLabel(oneSeason, null)).toBe('Смотреть');
    expect(watchLinkLabel(oneSeason, resumePoint(oneSeason, { episode: 31, position: 0, duration: 1500 }))).toBe('Смотреть');
    expect(watchLinkLabel(oneSeason, resumePoint(oneSeason, { episode: 33, position: 1500, duration: 1500 }))).toBe('Смотреть');
  });

  it('says the second the player opened at, and offers to start that episode over', () => {
    const point = resumePoint(oneSeason, { episode: 32, position: 14, duration: 1500 })!;
    expect(openedNote(oneSeason, point)).toBe('Вы остановились на 0:14, серия 2');
    expect(startOverLabel(oneSeason, point)).toBe('Начать серию сначала');
    const inFilm = resumePoint(film, { episode: null, position: 3725, duration: 7200 })!;
    expect(openedNote(film, inFilm)).toBe('Вы остановились на 1:02:05');
    expect(startOverLabel(film, inFilm)).toBe('Начать сначала');
  });
});
