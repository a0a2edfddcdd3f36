/** The notification editors get when a build fails: the site stayed as it was, and why. */
const ERROR_SHOWN = 1500;

export function failureNotice(body: unknown): { subject: string; message: string } {
  const record = (body && typeof body === 'object' ? body : {}) as { error?: unknown; started?: unknown };
  const error = typeof record.error === 'string' ? record.error.slice(-ERROR_SHOWN) : 'причина не записана';
  const when = typeof record.started === 'string' ? ` (начата ${record.started})` : '';
  return {
    subject: 'Сборка сайта не удалась',
    message: `Сайт показывает прежнюю сборку${when}. Причина:\n\n\`\`\`\n${error.replaceAll('```', "'''")}\n\`\`\`\n\nСостояние и кнопка «Пересобрать сейчас» — в разделе «Сайт».`,
  };
}
