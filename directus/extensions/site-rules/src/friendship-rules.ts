/**
 * The rules of friend requests as pure decisions, apart from the database: the one key of a pair
 * of people whichever of them asked, and why a new request between two people is refused.
 */
import type { FriendshipStatus } from '../../../../shared/rules.ts';

/** The two ids in a fixed order: the same key whoever asked whom. */
export function pairKey(a: string, b: string): string {
  return a < b ? `${a}:${b}` : `${b}:${a}`;
}

export const FRIEND_MESSAGES = {
  yourself: 'Нельзя добавить в друзья себя',
  noAddressee: 'Не указано, кого добавить в друзья',
  notFound: 'Пользователь не найден',
  onlyAsYourself: 'Заявку в друзья можно отправить только от своего имени',
  startsPending: 'Заявка создаётся неподтверждённой: принять её может только тот, кому она отправлена',
  alreadyFriends: 'Вы уже друзья',
  alreadySent: 'Заявка уже отправлена',
  theyAsked: 'Этот пользователь уже отправил вам заявку: примите её',
  onlyAccept: 'Заявку можно только принять; отклоняют её удалением',
  onlyAddresseeAccepts: 'Принять заявку может только тот, кому она отправлена',
  peopleStay: 'Участников заявки не меняют: удалите её и отправьте новую',
  notYours: 'Это не ваша заявка и не ваша дружба',
  gone: 'Заявка не найдена',
} as const;

/** Why `me` may not ask for a friendship that already exists between the two, or null for none. */
export function existingRefusal(existing: { requester: string; status: FriendshipStatus } | null | undefined, me: string): string | null {
  if (!existing) return null;
  if (existing.status === 'accepted') return FRIEND_MESSAGES.alreadyFriends;
  return existing.requester === me ? FRIEND_MESSAGES.alreadySent : FRIEND_MESSAGES.theyAsked;
}
