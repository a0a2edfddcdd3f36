/**
 * The number of unread alerts on the account icon (new episodes and reminders that the plan
 * ends), for a signed-in person (registered by their signed-in code; visitors never download it).
 * Nothing shows until there is a count above 0.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $unreadAlerts, $unreadPlanNotices, watchAlerts } from '../profile/for-signed-in.ts';
import './alert-badge.css';

export default function AlertBadge() {
  const unread = (useStore($unreadAlerts) ?? 0) + (useStore($unreadPlanNotices) ?? 0);
  useEffect(watchAlerts, []);
  if (!unread) return null;
  return (
    <span className="alert-badge" data-testid="alert-badge">
      <span aria-hidden="true">{unread > 99 ? '99+' : unread}</span>
      <span className="visually-hidden">, уведомлений: {unread}</span>
    </span>
  );
}
