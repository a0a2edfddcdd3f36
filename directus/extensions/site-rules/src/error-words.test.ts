import { describe, expect, it } from 'vitest';
import { STAFF_UPLOAD_MAX_MB } from '../../../../shared/rules.ts';
import { NOT_AN_OBJECT } from '../../shared/json-body.ts';
import { inRussian } from './error-words.ts';

describe('Directus\'s own refusals', () => {
  it('are given in Russian by their reason or code, the rest of the error kept', () => {
    const tooMuch = { message: 'Invalid payload. request entity too large.', extensions: { code: 'INVALID_PAYLOAD', reason: 'request entity too large' } };
    const words = 'Слишком много данных за один раз: сократите текст';
    expect(inRussian(tooMuch)).toEqual({ message: words, extensions: { code: 'INVALID_PAYLOAD', reason: words } });
    const file = { message: 'Uploaded content is too large.', extensions: { code: 'CONTENT_TOO_LARGE' } };
    expect(inRussian(file).message).toBe(`Файл слишком большой: не больше ${STAFF_UPLOAD_MAX_MB} МБ`);
  });

  it('are given in Russian by the pattern of their English, names kept', () => {
    const said = (message: string, extensions: Record<string, unknown> = {}) => inRussian({ message, extensions }).message;
    expect(said('Invalid payload. Unexpected end of JSON input.', { code: 'INVALID_PAYLOAD', reason: 'Unexpected end of JSON input' })).toBe(NOT_AN_OBJECT);
    expect(said("Invalid payload. Expected ':' after property name in JSON at position 5 (line 1 column 6).")).toBe(NOT_AN_OBJECT);
    expect(said('Invalid payload. Invalid Date format in field "dob".')).toBe('Неверная дата в поле «dob»: нужен формат ГГГГ-ММ-ДД');
    expect(said('Validation failed for field "title". Value is required.')).toBe('Поле «title» не может быть пустым');
    expect(said('Validation failed for field "title" at "series". Value can\'t be null.')).toBe('Поле «title» не может быть пустым');
    expect(said('Validation failed for field "slug". Value has to match /^[a-z]+$/.')).toBe('Поле «slug»: недопустимое значение');
    expect(said('Invalid foreign key.')).toBe('Связанной записи с таким ключом нет');
    expect(said('Invalid query. Запрос отдаёт не больше 5000 записей за раз.', { code: 'INVALID_QUERY', reason: 'Запрос отдаёт не больше 5000 записей за раз' }))
      .toBe('Запрос отдаёт не больше 5000 записей за раз');
    expect(said('Invalid payload. Не больше 5000 записей.', { code: 'INVALID_PAYLOAD', reason: 'Не больше 5000 записей.' })).toBe('Не больше 5000 записей.');
    expect(said('You don\'t have permission to access field "bogus" in collection "titles" or it does not exist. Queried in root.'))
      .toBe('Поля «bogus» нет в «titles» или оно вам недоступно');
    expect(said('You don\'t have permission to access fields "kept", "status" in collection "series" or they do not exist. Queried in root.'))
      .toBe('Поля «kept», «status» нет в «series» или оно вам недоступно');
    expect(said('You don\'t have permission to access collection "directus_translations" or it does not exist. Queried in root.'))
      .toBe('Коллекции «directus_translations» нет или она вам недоступна');
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
