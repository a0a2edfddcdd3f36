import { describe, expect, it } from 'vitest';
import { loginFromPath, publicProfileView } from '../../src/lib/public-profile.ts';
import { previewSize, postView } from '../../src/lib/posts.ts';
import { countRu, YEAR_FORMS } from '../../src/lib/plural.ts';

describe('the login of /profile/{login}', () => {
  it.each([
    ['/profile/sakura_fan', 'sakura_fan'],
    ['/profile/sakura_fan/', 'sakura_fan'],
    ['/profile/%D0%B0%D0%BD%D0%BD%D0%B0', 'анна'],
  ])('%s → %s', (path, login) => {
    expect(loginFromPath(path)).toBe(login);
  });

  it.each(['/profile', '/profile/', '/profile/a/b', '/profile/%E0%A4%A', '/profile/%20'])('%s names nobody', (path) => {
    expect(loginFromPath(path)).toBeNull();
  });
});

describe('years in Russian', () => {
  it.each([[1, '1 год'], [3, '3 года'], [5, '5 лет'], [11, '11 лет'], [21, '21 год'], [24, '24 года'], [30, '30 лет']])('%i', (n, text) => {
    expect(countRu(n, YEAR_FORMS)).toBe(text);
  });
});

describe('another person’s profile', () => {
  const source = {
    id: 'u1', login: 'sakura_fan', first_name: 'Анна', last_name: ' Смирнова ', dob: '1995-04-17', gender: 'Женский',
    aboutMe: '  Смотрю дорамы с 2015 года.  ', avatar: 'a1',
    nameColor: { nameColor: '#f49ac2', nameEffect: 'glow' },
    frame: { frameProfile: 'f1', frameMessage: 'f2' },
    background: { backgroundFile: 'b1' },
  };

  it('counts the age from the date of birth, the day before and on the birthday', () => {
    expect(publicProfileView(source, new Date(2026, 3, 16)).age).toBe('30 лет');
    expect(publicProfileView(source, new Date(2026, 3, 17)).age).toBe('31 год');
    expect(publicProfileView(source, new Date(2027, 3, 17)).age).toBe('32 года');
  });

  it('writes the date of birth day.month.year and shows who the person is', () => {
    const view = publicProfileView(source, new Date(2026, 0, 1));
    expect(view.birthDate).toBe('17.04.1995');
    expect(view.fullName).toBe('Анна Смирнова');
    expect(view.gender).toBe('Женский');
    expect(view.about).toBe('Смотрю дорамы с 2015 года.');
    expect(view.person).toMatchObject({ login: 'sakura_fan', href: null, frame: '/api/assets/f1', name: { paint: '#f49ac2', effect: 'glow' } });
    expect(view.wallpaper).toBe('/api/assets/b1?key=banner');
  });

  it('leaves out what the person did not fill in', () => {
    const view = publicProfileView({ id: 'u2', login: 'x', dob: null, gender: null, aboutMe: '   ', first_name: null, last_name: null, background: null });
    expect(view).toMatchObject({ age: null, birthDate: null, gender: null, about: null, fullName: '', wallpaper: null });
    expect(view.person.avatar).toBe('/default-avatar.svg');
  });

  it('ignores a date of birth that is not a date', () => {
    expect(publicProfileView({ id: 'u3', dob: '1995-02-30' }).birthDate).toBeNull();
  });
});

describe('profile posts', () => {
  const ann = { id: 'u1', login: 'sakura_fan', avatar: null };
  const bob = { id: 'u2', login: 'anime_ren', avatar: null };
  const post = postView({
    id: 7,
    text: 'Пост',
    date_created: '2026-03-04T05:06:00Z',
    user_created: ann,
    images: [{ directus_files_id: { id: 'i1', width: 1600, height: 1200 } }, { directus_files_id: { id: 'i2', width: 300, height: 200 } }],
    reactions: [{ type: 'like' }, { type: 'like' }, { type: 'dislike' }],
    comments: [
      { id: 12, text: 'Второй', date_created: '2026-03-04T08:00:00Z', user_created: bob, reactions: [] },
      { id: 11, text: 'Первый', date_created: '2026-03-04T07:00:00Z', user_created: bob, reactions: [{ type: 'like' }] },
      { id: 13, text: 'Ответ', date_created: '2026-03-04T09:00:00Z', user_created: ann, comment: { id: 11 } },
    ],
  }, 'UTC');

  it('shows the author, the date and time, and the reaction counts', () => {
    expect(post.author).toMatchObject({ id: 'u1', login: 'sakura_fan', href: '/profile/sakura_fan' });
    expect(post.date).toBe('04.03.2026, 05:06');
    expect([post.likes, post.dislikes]).toEqual([2, 1]);
  });

  it('keeps comments in the order they were written, replies under theirs', () => {
    expect(post.comments.map((c) => c.text)).toEqual(['Первый', 'Второй']);
    expect(post.comments[0].replies.map((r) => r.text)).toEqual(['Ответ']);
    expect(post.comments[0].likes).toBe(1);
  });

  it('previews pictures through the photo preset and opens them as uploaded', () => {
    expect(post.images[0]).toEqual({ id: 'i1', preview: '/api/assets/i1?key=photo', full: '/api/assets/i1', width: 800, height: 600 });
    expect(post.images[1]).toMatchObject({ width: 300, height: 200 });
  });

  it('sizes a preview inside the preset, never larger than the picture', () => {
    expect(previewSize(400, 1600)).toEqual({ width: 200, height: 800 });
    expect(previewSize(null, null)).toEqual({ width: 800, height: 800 });
  });
});
