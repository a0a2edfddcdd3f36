/**
 * Paid plans, for the backend that sells and grants them and the screens that offer them: the two
 * plans, the period, the payment method, the reminders and the
 * messages of a failed purchase. A module of its own, so pages that use the other rules
 * (sign-in, registration) do not carry the plans in their scripts.
 */
import { ROLES } from './rules.ts';

/** Plans of the tariff screen: price a month, the role each grants, what it gives. */
export const PLANS = [
  {
    id: 1, name: 'Премиум', price: 399, currency: 'RUB', role: ROLES.premium,
    features: ['Доступ к удалённым сериям', 'GIF-аватар', 'Цветной ник'],
  },
  {
    id: 2, name: 'Премиум+', price: 699, currency: 'RUB', role: ROLES.premiumPlus,
    features: ['Доступ к удалённым сериям', 'GIF-аватар', 'Цветной ник', 'Обои профиля', 'Рамка аватара в профиле', 'Рамка аватара в чате'],
  },
] as const;
export const SUBSCRIPTION_DAYS = 30;
/** Payment methods of the tariff screen: one, the crypto gateway. */
export const PAYMENT_GATEWAYS = ['heleket'] as const;
export type PaymentGateway = (typeof PAYMENT_GATEWAYS)[number];
/** New invoices a person may make in ten minutes; an open invoice handed out again is not one. */
export const INVOICES_PER_TEN_MINUTES = 10;
/** Reminders before a plan ends, in days left; another comes when it has ended. */
export const PLAN_REMINDER_DAYS = [7, 3, 1] as const;
/** The messages of a failed purchase: the alert shown, and the call's own failure. */
export const PAYMENT_MESSAGES = {
  alert: 'Произошла ошибка при создании платежа',
  failed: 'Ошибка при создании платежа',
} as const;
