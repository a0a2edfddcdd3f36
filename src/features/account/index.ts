/**
 * The account as other features see it: the session every page reads, the signed-in person and
 * what changes them, the way back after signing in, the account icon's badges and the live
 * uniqueness check of a login or an email.
 */
export { $isSignedIn, $session, UNAUTHORISED_EVENT, type Session } from './session.ts';
export { clearSession, signalUnauthorised } from './session-keeping.ts';
export {
  $isPremium, $isPremiumPlus, $me, $meStatus, $onlineCount, accountDeletion, leaveFor, loadMe, loadOnlineCount, saveProfile, signingOut,
  type Me, type MeStatus,
} from './store.ts';
export { NEXT_PARAM, afterSignInPath, loginHref, returnPath } from './return-path.ts';
export { $accountBadges, addAccountBadge } from './badges.ts';
export { useAvailability, type Availability, type AvailabilityCheck } from './use-availability.ts';
export { loadSignedInParts } from './signed-in-parts.ts';
