/** The chat's parts that signed-in screens show elsewhere: the count of unread private messages. */
export { $chatUnread } from './list-store.ts';
