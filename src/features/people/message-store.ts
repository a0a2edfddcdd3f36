/** The private message a signed-in person writes from someone's profile (loaded for them only). */
import { privateChatWith, sendPrivateMessage } from '../../lib/directus/people.ts';
import { task } from '../../ui/task.ts';
import { leaveFor } from '../account/index.ts';

/**
 * Writing from a profile: find the private chat with the person (or start it), send the message,
 * and open the chat; the task stays under way while the page leaves. Blank text sends nothing.
 */
export const messaging = task(async (personId: string, text: string) => {
  const body = text.trim();
  if (!body) return;
  const chatId = await privateChatWith(personId);
  await sendPrivateMessage(chatId, body);
  return leaveFor(`/messages?id=${chatId}`);
}, 'Не удалось отправить сообщение. Попробуйте ещё раз.');
