/**
 * What the backend says when it refuses a support request, by the field it concerns: the contact form
 * marks that field with it. Kept apart from visitor-rules.ts, which every title page loads.
 */
export const SUPPORT_REFUSALS = {
  name: { missing: 'Укажите имя', tooLong: 'Слишком длинное имя' },
  email: { missing: 'Укажите корректный email', tooLong: 'Укажите корректный email' },
  message: { missing: 'Напишите сообщение', tooLong: 'Слишком длинное сообщение' },
} as const;
