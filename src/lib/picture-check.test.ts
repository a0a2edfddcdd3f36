import { describe, expect, it } from 'vitest';
import { PICTURES_MAX } from '../../shared/rules.ts';
import { attachPictures } from './picture-check.ts';

const picture = (name: string) => new File([new Uint8Array(10)], name, { type: 'image/png' });
const pictures = (n: number, prefix = 'p') => Array.from({ length: n }, (_, i) => picture(`${prefix}${i}.png`));

describe('attachPictures', () => {
  it(`takes pictures up to ${PICTURES_MAX} in all and says why the rest were left out`, () => {
    const first = attachPictures([], pictures(PICTURES_MAX - 2), 'в одном сообщении');
    expect(first).toEqual({ files: pictures(PICTURES_MAX - 2), problem: null });
    const more = attachPictures(first.files, pictures(5, 'q'), 'в одном сообщении');
    expect(more.files.map((f) => f.name)).toEqual([...first.files.map((f) => f.name), 'q0.png', 'q1.png']);
    expect(more.problem).toBe(`Не больше ${PICTURES_MAX} фото в одном сообщении`);
    expect(attachPictures(more.files, [picture('r.png')], 'в одной записи')).toEqual({ files: more.files, problem: `Не больше ${PICTURES_MAX} фото в одной записи` });
  });

  it('leaves out what is no picture, with its reason first', () => {
    const text = new File(['текст'], 'notes.txt', { type: 'text/plain' });
    const res = attachPictures([], [text, picture('a.png')], 'в одной записи');
    expect(res.files.map((f) => f.name)).toEqual(['a.png']);
    expect(res.problem).toContain('«notes.txt» — не картинка');
  });
});
