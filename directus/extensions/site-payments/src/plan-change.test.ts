import knex, { type Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../../../shared/rules.ts';
import { wearAllowed } from './plan-change.ts';

let db: Knex;
const WORN = { nameColor: 3, frame: 5, background: 7 };

beforeAll(async () => {
  db = knex({ client: 'sqlite3', connection: { filename: ':memory:' }, useNullAsDefault: true });
  await db.schema.createTable('directus_users', (t) => {
    t.string('id').primary();
    t.string('role');
    t.string('avatar');
    t.text('keptDecorations');
    for (const d of Object.keys(WORN)) t.integer(d);
  });
  await db.schema.createTable('directus_files', (t) => {
    t.string('id').primary();
    t.string('type');
    t.boolean('animated');
  });
  await db('directus_files').insert([{ id: 'moving', type: 'image/gif' }, { id: 'still', type: 'image/png' }, { id: 'moving-webp', type: 'image/webp', animated: true }]);
  await db('directus_users').insert([
    { id: 'lapsed', role: ROLES.user, avatar: 'moving', ...WORN },
    { id: 'premium', role: ROLES.premium, avatar: 'moving', ...WORN },
    { id: 'premium-plus', role: ROLES.premiumPlus, avatar: 'moving', ...WORN },
    { id: 'editor', role: 'an editor role', avatar: 'moving', ...WORN },
    { id: 'lapsed-webp', role: ROLES.user, avatar: 'moving-webp' },
    { id: 'lapsed-still', role: ROLES.user, avatar: 'still' },
  ]);
});

afterAll(() => db.destroy());

const row = (id: string) => db('directus_users').where({ id }).first('avatar', 'keptDecorations', 'nameColor', 'frame', 'background');

describe('wearAllowed', () => {
  it('takes off and keeps what a role without a plan does not allow, decorations and a moving avatar, as a plan\'s end does', async () => {
    await wearAllowed(db, 'lapsed');
    const after = await row('lapsed');
    expect(after).toMatchObject({ avatar: null, nameColor: null, frame: null, background: null });
    expect(JSON.parse(after.keptDecorations)).toEqual({ ...WORN, avatar: 'moving' });
  });

  it('takes off a moving avatar of any type, and leaves a still one', async () => {
    await wearAllowed(db, 'lapsed-webp');
    await wearAllowed(db, 'lapsed-still');
    expect(await row('lapsed-webp')).toMatchObject({ avatar: null, keptDecorations: JSON.stringify({ avatar: 'moving-webp' }) });
    expect(await row('lapsed-still')).toMatchObject({ avatar: 'still', keptDecorations: null });
  });

  it('leaves Премиум its name colour and avatar, and takes off the frame and background of Премиум+', async () => {
    await wearAllowed(db, 'premium');
    const after = await row('premium');
    expect(after).toMatchObject({ avatar: 'moving', nameColor: WORN.nameColor, frame: null, background: null });
    expect(JSON.parse(after.keptDecorations)).toEqual({ frame: WORN.frame, background: WORN.background });
  });

  it('leaves alone what the role allows, and the roles that hold no plan', async () => {
    for (const id of ['premium-plus', 'editor']) {
      await wearAllowed(db, id);
      expect(await row(id)).toEqual({ avatar: 'moving', keptDecorations: null, ...WORN });
    }
  });
});
