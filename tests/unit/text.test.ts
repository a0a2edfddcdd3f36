import { describe, expect, it } from 'vitest';
import { DESCRIPTION_CUT } from '../../src/lib/constants.ts';
import { cut, cutParagraphs, ELLIPSIS, stripHtml, yearLabel } from '../../src/lib/text.ts';

const PLOT = 'Парфюмер Со А приезжает в приморский городок, чтобы воссоздать аромат, который помнит с детства.';

describe('cut', () => {
  it('keeps a text that fits as it is', () => {
    expect(cut('Короткое описание', 40)).toBe('Короткое описание');
    expect(cut('ровно десять', 12)).toBe('ровно десять');
  });

  it('cuts at the last word boundary and adds an ellipsis', () => {
    expect(cut(PLOT, DESCRIPTION_CUT.card)).toBe('Парфюмер Со А приезжает в приморский…');
    expect(cut(PLOT, DESCRIPTION_CUT.listCard)).toBe('Парфюмер Со А приезжает в приморский городок, чтобы…');
  });

  it('never exceeds the limit, the ellipsis included', () => {
    for (const max of [5, 10, 40, 55, 60, 94]) expect(cut(PLOT, max).length).toBeLessThanOrEqual(max);
    const long = 'слово '.repeat(100);
    expect(cut(long, DESCRIPTION_CUT.titlePage).length).toBeLessThanOrEqual(200);
    expect(cut(long, DESCRIPTION_CUT.titlePage).endsWith(`слово${ELLIPSIS}`)).toBe(true);
  });

  it('uses a boundary that falls exactly at the limit', () => {
    expect(cut('один два три', 9)).toBe('один два…');
  });

  it('drops punctuation hanging before the ellipsis', () => {
    expect(cut('Первое, второе, третье', 16)).toBe('Первое, второе…');
    expect(cut('Любовь — и месть', 9)).toBe('Любовь…');
  });

  it('cuts inside a word only when there is no boundary', () => {
    expect(cut('Сверхдлинноеслово', 8)).toBe('Сверхдл…');
  });

  it('cuts a long text as if the whole of it were squeezed first', () => {
    // Runs of spaces of every length at every place around where the cut looks.
    const whole = (text: string, max: number) => cut(text.replace(/\s+/g, ' ').trim(), max);
    for (const max of [1, 9, 40, 55, 200]) {
      for (let at = 0; at < 2 * max + 40; at += 3) {
        for (const run of [' ', '  \n\n  ', ' '.repeat(3 * max + 50)]) {
          const text = `${'слово '.repeat(Math.ceil(at / 6)).slice(0, at)}${run}${'дальше, '.repeat(120)}`;
          expect(cut(text, max)).toBe(whole(text, max));
        }
      }
    }
  });

  it('squeezes newlines and spaces into one line', () => {
    expect(cut('  Первая строка\n\nвторая   строка ', 40)).toBe('Первая строка вторая строка');
  });

  it('gives an empty string for nothing', () => {
    expect(cut(null, 40)).toBe('');
    expect(cut(undefined, 40)).toBe('');
    expect(cut('   ', 40)).toBe('');
    expect(cut('текст', 0)).toBe('');
  });
});

describe('stripHtml', () => {
  it('keeps the text of rich text', () => {
    expect(stripHtml('<p>Новый <strong>сезон</strong> уже <a href="/x">здесь</a></p>')).toBe('Новый сезон уже здесь');
  });

  it('separates blocks with a space', () => {
    expect(stripHtml('<h2>Заголовок</h2><p>Абзац</p><ul><li>один</li><li>два</li></ul>')).toBe('Заголовок Абзац один два');
    expect(stripHtml('строка<br>строка<br/>ещё')).toBe('строка строка ещё');
  });

  it('drops scripts, styles and comments with their content', () => {
    expect(stripHtml('<style>p{color:red}</style>Текст<script>alert(1)</script><!-- скрыто -->!')).toBe('Текст!');
  });

  it('decodes entities once', () => {
    expect(stripHtml('&laquo;Дорама&raquo; &mdash; 5&nbsp;серий &amp;lt;b&amp;gt;')).toBe('«Дорама» — 5 серий &lt;b&gt;');
    expect(stripHtml('&#1044;&#x430; &unknown;')).toBe('Да &unknown;');
  });

  it('gives an empty string for nothing', () => {
    expect(stripHtml(null)).toBe('');
    expect(stripHtml('<p> </p>')).toBe('');
  });
});

describe('yearLabel', () => {
  it('writes the year with г.', () => {
    expect(yearLabel(2024)).toBe('2024 г.');
    expect(yearLabel('2021')).toBe('2021 г.');
  });

  it('writes nothing for a missing or odd year', () => {
    expect(yearLabel(null)).toBe('');
    expect(yearLabel(undefined)).toBe('');
    expect(yearLabel(0)).toBe('');
    expect(yearLabel(2024.5)).toBe('');
    expect(yearLabel('скоро')).toBe('');
  });
});

describe('cutParagraphs', () => {
  const first = 'Родилась в Сеуле в семье музыкантов.';
  const second = 'Дебютировала в 2015 году в молодёжной драме и быстро стала известной.';
  const text = `${first}\n\n  ${second}  \n\n\nТретий абзац о наградах.`;

  it('keeps the paragraphs of a text that fits, each on one line', () => {
    expect(cutParagraphs(`${first}\n\n${second}`, 500)).toBe(`${first}\n\n${second}`);
    expect(cutParagraphs('Строка\nс переносом', 500)).toBe('Строка с переносом');
  });

  it('cuts inside the paragraph the limit falls in, and drops the rest', () => {
    const max = first.length + 2 + 20;
    const folded = cutParagraphs(text, max);
    expect(folded.startsWith(`${first}\n\n${cut(second, 20)}`)).toBe(true);
    expect(folded.split('\n\n')).toHaveLength(2);
    expect(folded.length).toBeLessThanOrEqual(max);
  });

  it('ends the last whole paragraph with an ellipsis when no word of the next fits', () => {
    const folded = cutParagraphs(text, first.length + 3);
    expect(folded).toBe(`${first.slice(0, -1)}${ELLIPSIS}`);
  });

  it('never exceeds the limit', () => {
    for (let max = 1; max < text.length + 5; max++) expect(cutParagraphs(text, max).length).toBeLessThanOrEqual(max);
  });
});
