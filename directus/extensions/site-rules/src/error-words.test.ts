import { describe, expect, it } from 'vitest';
import { STAFF_UPLOAD_MAX_MB } from '../../../../shared/rules.ts';
import { inRussian } from './error-words.ts';

describe('Directus\'s own refusals', () => {
  it('are given in Russian by their reason or code, the rest of the error kept', () => {
    const tooMuch = { message: 'Invalid payload. request entity too large.', extensions: { code: 'INVALID_PAYLOAD', reason: 'request entity too large' } };
    expect(inRussian(tooMuch)).toEqual({ ...tooMuch, message: 'Слишком много данных за один раз: сократите текст' });
    const file = { message: 'Uploaded content is too large.', extensions: { code: 'CONTENT_TOO_LARGE' } };
    expect(inRussian(file).message).toBe(`Файл слишком большой: не больше ${STAFF_UPLOAD_MAX_MB} МБ`);
  });

  it('leave any other error as it is', () => {
    for (const error of [
      { message: 'Invalid payload. Something else.', extensions: { code: 'INVALID_PAYLOAD', reason: 'Something else' } },
      { message: 'Конец отрезка должен быть позже его начала', extensions: { code: 'FAILED_VALIDATION' } },
      { message: 'No extensions' },
      // Our own refusals that share Directus's codes keep their words.
      { message: 'Слишком большое тело запроса', extensions: { code: 'CONTENT_TOO_LARGE' } },
      { message: 'constructor', extensions: { code: 'INVALID_PAYLOAD', reason: 'toString' } },
    ]) expect(inRussian(error)).toBe(error);
  });
});
