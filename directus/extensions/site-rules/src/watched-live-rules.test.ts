import { describe, expect, it } from 'vitest';
import type { Accountability } from '../../shared/directus.ts';
import { NOT_FOR_VISITORS, NOTHING_TO_CHOOSE, hearsNews, newsFrame, watchedRefusal } from './watched-live-rules.ts';

const person = (user: string | null): Accountability => ({ user, role: 'role-user', roles: ['role-user'], admin: false, app: false, ip: '127.0.0.1' });
const subscribe = { type: 'subscribe', collection: 'watchedEpisodes', uid: 'w' };

describe('who listens to watched marks', () => {
  it('takes a signed-in person asking for nothing but their own', () => {
    expect(watchedRefusal(subscribe, person('me'))).toBeNull();
  });

  it('refuses a visitor and a connection whose sign-in ended', () => {
    expect(watchedRefusal(subscribe, null)).toEqual({ code: 'FORBIDDEN', reason: NOT_FOR_VISITORS });
    expect(watchedRefusal(subscribe, person(null))).toEqual({ code: 'FORBIDDEN', reason: NOT_FOR_VISITORS });
  });

  it('refuses any query, item or event, an empty one too', () => {
    for (const more of [{ query: { filter: { user_created: { _eq: 'other' } } } }, { query: {} }, { item: 1 }, { event: 'create' }]) {
      expect(watchedRefusal({ ...subscribe, ...more }, person('me'))).toEqual({ code: 'INVALID_PAYLOAD', reason: NOTHING_TO_CHOOSE });
    }
  });
});

describe('who hears a change', () => {
  const news = { user: 'me', titles: [3, 5] };

  it('is the person whose marks changed, alone', () => {
    expect(hearsNews(news, person('me'))).toBe(true);
    expect(hearsNews(news, person('other'))).toBe(false);
    expect(hearsNews(news, person(null))).toBe(false);
    expect(hearsNews(news, null)).toBe(false);
  });

  it('is told the titles to read again', () => {
    expect(newsFrame(news)).toEqual({ event: 'update', data: [{ title: 3 }, { title: 5 }] });
  });
});
