import { describe, expect, it, inject } from 'vitest';
import { applyAll } from '../../directus/apply/index.ts';
import { admin, call, newTitle, newUser } from '../support/api.ts';

describe('the applied backend', () => {
  it('was built on a fresh database by the first apply', () => {
    expect(inject('firstApplyWrites')).toBeGreaterThan(100);
  });

  it('changes nothing when applied a second time', async () => {
    const api = await admin();
    const before = await api.get('/schema/snapshot');
    expect(await applyAll(api)).toBe(0);
    expect(await api.get('/schema/snapshot')).toEqual(before);
  });

  it('shows visitors a published title and hides a draft', async () => {
    const shown = await newTitle();
    const hidden = await newTitle({ status: 'draft' });
    const res = await call('GET', `/items/titles?filter[id][_in]=${shown.id},${hidden.id}&fields=id`);
    expect(res.status).toBe(200);
    expect(res.data.map((t: { id: number }) => t.id)).toEqual([shown.id]);
  });

  it('lets a user rate a title once', async () => {
    const user = await newUser();
    const title = await newTitle();
    const first = await user.call('POST', '/items/ratings', { title: title.id, rating: 4 });
    expect(first.status).toBe(200);
    const second = await user.call('POST', '/items/ratings', { title: title.id, rating: 5 });
    expect(second.status).toBe(400);
    expect(second.errors?.[0].message).toContain('Вы уже поставили оценку');
  });
});
