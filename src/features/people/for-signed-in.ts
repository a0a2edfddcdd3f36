/**
 * People as signed-in code of other features sees them: the person's own friendships and
 * requests (the profile's Друзья tab, the chat's list of friends) and the buttons that change them.
 */
export { $circle, $ownFriendships, loadOwnFriendships, type OwnFriendshipsState } from './friends-store.ts';
export { AnswerButtons, AskButton, CancelButton, RemoveButton } from './FriendControls.tsx';
