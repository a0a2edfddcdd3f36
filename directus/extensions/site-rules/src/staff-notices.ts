/**
 * Directus's notices of an import or export run in the background, in Russian: the notification an
 * editor reads in the admin app and the letter it sends («Your export of titles is ready»). A
 * collection goes by its name in the admin app; anything else Directus says is left as it is.
 */
import { LABELS } from '../../../schema/labels.ts';
import type { Payload, Register } from './types.ts';

const collectionName = (collection: string) => `«${LABELS[collection]?.plural ?? collection}»`;

/** Directus's sentences, each by its pattern, to the Russian. */
const SENTENCES: readonly [RegExp, (...parts: string[]) => string][] = [
  [/^Your import has been successful$/, () => 'Импорт завершён'],
  [/^Your import has failed$/, () => 'Импорт не удался'],
  [/^Your export of (\S+) is ready$/, (c) => `Выгрузка ${collectionName(c!)} готова`],
  [/^Your export of (\S+) failed$/, (c) => `Выгрузка ${collectionName(c!)} не удалась`],
  [/Hello ([^,\n<]*),/g, (name) => `Здравствуйте${name!.trim() ? `, ${name!.trim()}` : ''}!`],
  [/Your import in (\S+) has been successful\./g, (c) => `Импорт в ${collectionName(c!)} завершён.`],
  [/Your import in (\S+) has failed\./g, (c) => `Импорт в ${collectionName(c!)} не удался.`],
  [/Your export of (\S+) is ready\./g, (c) => `Выгрузка ${collectionName(c!)} готова.`],
  [/Click here to view\./g, () => 'Открыть файл'],
  [/Please contact your system administrator for more information\./g, () => 'Подробности — у администратора сайта.'],
];

export function noticeInRussian(text: string): string {
  // A replacer is given the match, its groups, the offset and the whole text: the groups are between.
  return SENTENCES.reduce((said, [pattern, words]) => said.replace(pattern, (_all, ...rest: unknown[]) => words(...(rest.slice(0, -2) as string[]))), text);
}

const translated = (value: unknown) => (typeof value === 'string' ? noticeInRussian(value) : value);

export function registerStaffNotices({ filter }: Register): void {
  filter('notifications.create', (payload: Payload) => ({ ...payload, subject: translated(payload.subject), message: translated(payload.message) }));
  // The letter is made of Directus's own words, not of the notification as stored.
  filter('email.send', (options: Payload) => {
    const template = options.template as { data?: Record<string, unknown> } | undefined;
    const html = template?.data?.['html'];
    return {
      ...options,
      subject: translated(options.subject),
      ...(template && typeof html === 'string' ? { template: { ...template, data: { ...template.data, html: noticeInRussian(html) } } } : {}),
    };
  });
}
