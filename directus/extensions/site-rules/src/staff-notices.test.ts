import { describe, expect, it } from 'vitest';
import { noticeInRussian } from './staff-notices.ts';

describe('noticeInRussian', () => {
  it('says an export and an import in Russian, a collection by its name in the admin app', () => {
    expect(noticeInRussian('Your export of titles is ready')).toBe('Выгрузка «Дорамы и фильмы» готова');
    expect(noticeInRussian('Your export of titles failed')).toBe('Выгрузка «Дорамы и фильмы» не удалась');
    expect(noticeInRussian('Your import has failed')).toBe('Импорт не удался');
    expect(noticeInRussian('\nHello Анна Ли,\n\nYour export of titles is ready. <a href="https://x/admin/files/1">Click here to view.</a>\n'))
      .toBe('\nЗдравствуйте, Анна Ли!\n\nВыгрузка «Дорамы и фильмы» готова. <a href="https://x/admin/files/1">Открыть файл</a>\n');
    expect(noticeInRussian('<p>Hello ,</p><p>Your import in series has failed.</p><p>Поле «Год выхода»: год от 1900 до 2031</p>'))
      .toBe('<p>Здравствуйте!</p><p>Импорт в «Серии» не удался.</p><p>Поле «Год выхода»: год от 1900 до 2031</p>');
  });

  it('leaves any other text as it is', () => {
    for (const text of ['Новая серия «Сна»', 'Your export is something else', '']) expect(noticeInRussian(text)).toBe(text);
  });
});
