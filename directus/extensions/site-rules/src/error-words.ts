/**
 * Directus's own refusals that editors meet in the admin app, given in Russian: the app shows a refusal's
 * message as it comes («[INVALID_PAYLOAD] Invalid payload. request entity too large.»). The code and the
 * rest of the error stay as Directus made them.
 */
import { FILE_KINDS, STAFF_UPLOAD_MAX_MB } from '../../../../shared/rules.ts';
import { typeNames } from '../../../../shared/file-type-names.ts';
import type { Payload, Register } from './types.ts';

interface ErrorBody { message: string; extensions?: Record<string, unknown> }

/** By the reason Directus gave an invalid payload. */
const BY_REASON: ReadonlyMap<string, string> = new Map([
  ['request entity too large', 'Слишком много данных за один раз: сократите текст'],
  ['File is of invalid content type', `Такой файл не принимается: загрузите изображение, видео ${typeNames(FILE_KINDS.video)}, аудио ${typeNames(FILE_KINDS.audio)}`],
]);

/** By Directus's own message, which rules of ours that share its code never give. */
const BY_MESSAGE: ReadonlyMap<string, string> = new Map([
  ['Uploaded content is too large.', `Файл слишком большой: не больше ${STAFF_UPLOAD_MAX_MB} МБ`],
]);

export function inRussian(error: ErrorBody): ErrorBody {
  const code = error.extensions?.['code'];
  const reason = error.extensions?.['reason'];
  const words = (code === 'INVALID_PAYLOAD' && typeof reason === 'string' ? BY_REASON.get(reason) : undefined)
    ?? BY_MESSAGE.get(error.message);
  return words ? { ...error, message: words } : error;
}

export function registerErrorWords({ filter }: Register): void {
  // The payload of this event is the list of errors about to be answered.
  filter('request.error', (errors: Payload) => (Array.isArray(errors) ? errors.map(inRussian) : errors));
}
