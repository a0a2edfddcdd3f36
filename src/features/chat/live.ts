/**
 * Starts the chat for a signed-in page: the socket, the list of private chats, and the wiring
 * between them: live messages go into their threads and freshen the list; each time the
 * subscription is in place (at first, and after the socket was away) every open chat and the list
 * are read again, so no message sent before it, or meanwhile, is missed.
 */
import { loadMe } from '../account/index.ts';
import { $session } from '../account/session.ts';
import { loadThread, loadedChats, receiveMessages } from './store.ts';
import { keepDrafts } from './draft-store.ts';
import { refreshChatList } from './list-store.ts';
import { watchChat } from './poll.ts';
import { connectChat, onLiveMessages, onSubscribed } from './socket.ts';

let started = false;

export function startChat(): void {
  if (started || !$session.get()) return;
  started = true;
  onLiveMessages((messages) => {
    receiveMessages(messages);
    if (messages.some((m) => m.privateChat !== null && m.privateChat !== undefined)) void refreshChatList();
  });
  // Once the subscription is in place, read again what was read before it: nothing falls in between.
  onSubscribed(() => {
    for (const chat of loadedChats()) void loadThread(chat, { force: true });
    void refreshChatList();
  });
  void loadMe();
  keepDrafts();
  watchChat();
  connectChat();
  void refreshChatList();
}
