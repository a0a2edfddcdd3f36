/**
 * The own profile as other features' signed-in code sees it: the account icon's count of unread
 * alerts (kept here, where the alerts and plan reminders are read), and the guard of the own
 * account screens (the tariff screen is one).
 */
export { $unreadAlerts, $unreadPlanNotices, watchAlerts } from './alerts-store.ts';
export { useOwnAccount } from './use-own-account.ts';
export { default as OwnAccountPending } from './OwnAccountPending.tsx';
