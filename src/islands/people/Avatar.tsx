// Moved to features/people; only the chat still imports it from here, until it moves too.
export { Avatar as default } from '../../features/people/index.ts';
