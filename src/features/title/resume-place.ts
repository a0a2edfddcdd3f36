/**
 * What a signed-in person's title page says about where they stopped (the place itself is
 * `resumePoint`): the banner's link to the player, and the note over the player once it opened there.
 */
import { clock, placeWords, type PlayerModel, type ResumePoint } from './player.ts';

/** The banner's link: «Смотреть» with no place, «Продолжить» for a film, «Продолжить: серия 2» for an episode. */
export function watchLinkLabel(model: PlayerModel, point: ResumePoint | null): string {
  if (!point) return 'Смотреть';
  const where = placeWords(model, point);
  return where.length ? `Продолжить: ${where.join(', ')}` : 'Продолжить';
}

/** The note over a player opened at the place: «Вы остановились на 0:14, серия 2», or «Дальше: серия 3» after a watched one. */
export function openedNote(model: PlayerModel, point: ResumePoint): string {
  const where = placeWords(model, point);
  if (point.next) return `Дальше: ${where.join(', ')}`;
  const at = point.position > 0 ? [`Вы остановились на ${clock(point.position)}`] : ['Вы остановились'];
  return [...at, ...where].join(', ');
}

/** Starting over is offered only where there is something to go back over: a second past the start. */
export const startOverLabel = (model: PlayerModel, point: ResumePoint): string | null =>
  point.position > 0 ? (model.kind === 'series' ? 'Начать серию сначала' : 'Начать сначала') : null;
