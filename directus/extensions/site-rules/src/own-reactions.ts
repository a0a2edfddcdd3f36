/**
 * Nobody likes or dislikes what they wrote themselves: a reaction on one's own review, reply, post
 * or post comment is refused with a 403, whoever asks (an editor acting as a person is still that
 * person). The author is read from the stored row, never from the request.
 */
import { ForbiddenError } from '@directus/errors';
import { numberKeyOf } from '../../shared/keys.ts';
import type { Register } from './types.ts';

export const OWN_REACTION = 'Нельзя оценивать свои комментарии и записи';

export function registerOwnReactionRule({ filter }: Register): void {
  filter('reactions.items.create', async (payload, _meta, { database, accountability }) => {
    const me = accountability?.user;
    if (!me) return payload;
    const comment = numberKeyOf(payload.comment);
    const post = numberKeyOf(payload.post);
    const target = comment !== null ? database('comments').where('id', comment) : post !== null ? database('posts').where('id', post) : null;
    const author = target && (await target.first('user_created'))?.user_created;
    if (author === me) throw new ForbiddenError({ reason: OWN_REACTION });
    return payload;
  });
}
