/**
 * The chat's parts that signed-in screens show elsewhere: the count of unread private messages,
 * and for a watching-together room's chat the message box, the send icon and how a time and a quote are written.
 */
export { $chatUnread } from './list-store.ts';
export { default as MessageField } from './MessageField.tsx';
export { messageTime, quoteOf } from './message-text.ts';
export { SendIcon } from './icons.tsx';
