/**
 * Directus's own refusals, given in Russian: the admin app shows a refusal's message as it comes
 * («[INVALID_PAYLOAD] Invalid payload. request entity too large.»), and so does every other caller of
 * the API. Names of fields and collections stay as Directus gives them; the code and the rest of the
 * error stay as Directus made them, the reason given in the same words as the message.
 */
import { FILE_KINDS, STAFF_UPLOAD_MAX_MB } from '../../../../shared/rules.ts';
import { typeNames } from '../../../../shared/file-type-names.ts';
import { NOT_AN_OBJECT } from '../../shared/json-body.ts';
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
  ['Invalid foreign key.', 'Связанной записи с таким ключом нет'],
  ["You don't have permission to access this.", 'Нет доступа'],
]);

/** Directus's English by its pattern, each a match of its whole message (or reason) to the Russian. */
const BY_PATTERN: readonly [RegExp, (...names: string[]) => string][] = [
  // Broken JSON, in the words of the parser: "Unexpected end of JSON input", "… in JSON at position 5".
  [/^(?:Invalid payload\. )?(?:Unexpected end of JSON input|.* in JSON at position \d+.*|Unexpected token .*)\.?$/, () => NOT_AN_OBJECT],
  [/^(?:Invalid payload\. )?Invalid Date format in field "([^"]*)"\.?$/, (field) => `Неверная дата в поле «${field}»: нужен формат ГГГГ-ММ-ДД`],
  [/^Validation failed for field "([^"]*)"(?: at "[^"]*")?\. Value (?:is required|can't be null)\.$/, (field) => `Поле «${field}» не может быть пустым`],
  [/^Validation failed for field "([^"]*)"(?: at "[^"]*")?\..*$/, (field) => `Поле «${field}»: недопустимое значение`],
  [/^You don't have permission to access fields? (.+) in collection "([^"]*)" or (?:it|they) do(?:es)? not exist\..*$/,
    (fields, collection) => `Поля ${fields!.replace(/"([^"]*)"/g, '«$1»')} нет в «${collection}» или оно вам недоступно`],
  [/^You don't have permission to access collection "([^"]*)" or it does not exist\..*$/, (collection) => `Коллекции «${collection}» нет или она вам недоступна`],
];

function byPattern(text: string): string | undefined {
  for (const [pattern, words] of BY_PATTERN) {
    const m = pattern.exec(text);
    if (m) return words(...m.slice(1));
  }
  return undefined;
}

/** A Russian reason in Directus's English frame («Invalid query. <reason>.»), as our rules' 400s that keep Directus's codes read. */
const FRAMED = /^(?:Invalid payload|Invalid query)\. (.*[а-яё].*?)\.?$/isu;

export function inRussian(error: ErrorBody): ErrorBody {
  const code = error.extensions?.['code'];
  const reason = error.extensions?.['reason'];
  const words = (code === 'INVALID_PAYLOAD' && typeof reason === 'string' ? BY_REASON.get(reason) : undefined)
    ?? BY_MESSAGE.get(error.message) ?? byPattern(error.message)
    ?? (typeof reason === 'string' && FRAMED.exec(error.message)?.[1] === reason.replace(/\.$/, '') ? reason : undefined);
  if (!words) return error;
  return typeof reason === 'string' ? { ...error, message: words, extensions: { ...error.extensions, reason: words } } : { ...error, message: words };
}

export function registerErrorWords({ filter }: Register): void {
  // The payload of this event is the list of errors about to be answered.
  filter('request.error', (errors: Payload) => (Array.isArray(errors) ? errors.map(inRussian) : errors));
}
