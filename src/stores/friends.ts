// Moved to features/people; only the chat still imports it from here, until it moves too.
export { $circle, loadOwnFriendships } from '../features/people/for-signed-in.ts';
