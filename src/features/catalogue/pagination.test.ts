import { describe, expect, it } from 'vitest';
import { FILTER_PAGE_SIZE } from '../../lib/constants.ts';
import { clampPage, pageCount, pageWindow, shownCount, shownOf } from './pagination.ts';

describe('pageWindow', () => {
  it('shows the first page, current ±2, the last page and gaps', () => {
    expect(pageWindow(6, 20)).toEqual([1, '…', 4, 5, 6, 7, 8, '…', 20]);
    expect(pageWindow(10, 20)).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 20]);
  });

  it('has no gap before the window near the start', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, '…', 20]);
    expect(pageWindow(2, 20)).toEqual([1, 2, 3, 4, '…', 20]);
    expect(pageWindow(3, 20)).toEqual([1, 2, 3, 4, 5, '…', 20]);
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, 6, '…', 20]);
  });

  it('shows a single hidden page instead of a gap', () => {
    expect(pageWindow(5, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, '…', 20]);
    expect(pageWindow(16, 20)).toEqual([1, '…', 14, 15, 16, 17, 18, 19, 20]);
  });

  it('has no gap after the window near the end', () => {
    expect(pageWindow(20, 20)).toEqual([1, '…', 18, 19, 20]);
    expect(pageWindow(19, 20)).toEqual([1, '…', 17, 18, 19, 20]);
    expect(pageWindow(17, 20)).toEqual([1, '…', 15, 16, 17, 18, 19, 20]);
  });

  it('lists every page of a short list', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 2)).toEqual([1, 2]);
    expect(pageWindow(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 7)).toEqual([1, 2, 3, '…', 7]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('is empty without pages and clamps the current page', () => {
    expect(pageWindow(1, 0)).toEqual([]);
    expect(pageWindow(99, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(-3, 20)).toEqual([1, 2, 3, '…', 20]);
  });
});

describe('pageCount and clampPage', () => {
  it('counts pages of the filter grid', () => {
    expect(pageCount(0, FILTER_PAGE_SIZE)).toBe(0);
    expect(pageCount(1, FILTER_PAGE_SIZE)).toBe(1);
    expect(pageCount(10, FILTER_PAGE_SIZE)).toBe(1);
    expect(pageCount(11, FILTER_PAGE_SIZE)).toBe(2);
    expect(pageCount(57, FILTER_PAGE_SIZE)).toBe(6);
  });

  it('keeps a page inside the list', () => {
    expect(clampPage(3, 6)).toBe(3);
    expect(clampPage(9, 6)).toBe(6);
    expect(clampPage(0, 6)).toBe(1);
    expect(clampPage(Number.NaN, 6)).toBe(1);
    expect(clampPage(2.7, 6)).toBe(2);
    expect(clampPage(4, 0)).toBe(1);
  });
});

describe('shownOf', () => {
  it('counts what pages 1..page put on screen', () => {
    expect(shownOf(1, FILTER_PAGE_SIZE, 57)).toBe('Показано 10 из 57');
    expect(shownOf(2, FILTER_PAGE_SIZE, 57)).toBe('Показано 20 из 57');
    expect(shownOf(6, FILTER_PAGE_SIZE, 57)).toBe('Показано 57 из 57');
  });

  it('never shows more than there is', () => {
    expect(shownOf(1, FILTER_PAGE_SIZE, 3)).toBe('Показано 3 из 3');
    expect(shownOf(1, FILTER_PAGE_SIZE, 0)).toBe('Показано 0 из 0');
    expect(shownCount(9, FILTER_PAGE_SIZE, 25)).toBe(25);
    expect(shownCount(0, FILTER_PAGE_SIZE, 25)).toBe(10);
  });
});
