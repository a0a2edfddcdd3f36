/**
 * People as other features see them, for everyone: a person's avatar and name in their colour.
 * What only signed-in people load (their friendships and the buttons that change them) is behind
 * for-signed-in.ts.
 */
export { default as Avatar } from './Avatar.tsx';
export { default as PersonName } from './PersonName.tsx';
export type { FriendPerson } from './store.ts';
