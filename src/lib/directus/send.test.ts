import { describe, expect, it } from 'vitest';
import { refusalShown } from './send.ts';

describe('refusalShown', () => {
  it('shows a rule’s Russian reason for a refused value', () => {
    expect(refusalShown(400, 'Комментарий не может быть пустым', 'Invalid payload')).toBe('Комментарий не может быть пустым');
  });

  it('shows a limit’s own Russian message when it gives no reason', () => {
    expect(refusalShown(429, undefined, 'Слишком много комментариев, подождите минуту')).toBe('Слишком много комментариев, подождите минуту');
  });

  it('never shows the backend’s English words', () => {
    expect(refusalShown(503, 'Under pressure', 'Service "api" is unavailable. Under pressure.')).toBeNull();
    expect(refusalShown(429, undefined, 'Too many requests, retry after 1s.')).toBeNull();
    expect(refusalShown(400, 'Invalid query', 'Invalid query')).toBeNull();
  });

  it('shows nothing that is not text', () => {
    expect(refusalShown(400, ['Комментарий'], 'x')).toBeNull();
    expect(refusalShown(429, undefined, { message: 'Подождите' })).toBeNull();
  });
});
