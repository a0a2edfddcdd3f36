import { describe, expect, it } from 'vitest';
import { remoteList } from './remote-list.ts';

/** A backend list of `n` numbered rows paged by offset, as the profile's lists read them. */
function rows(n: number) {
  const all = Array.from({ length: n }, (_, i) => ({ id: i + 1 }));
  const asked: number[] = [];
  return {
    all, asked,
    load: async (_q: string, page: number, removed: number) => {
      const offset = (page - 1) * 3 - removed;
      asked.push(offset);
      return { items: all.slice(offset, offset + 3), total: all.length };
    },
  };
}

describe('remote list', () => {
  it('pages on with "show more" until the total is shown', async () => {
    const backend = rows(7);
    const list = remoteList(backend.load, { pageSize: 3 });
    await list.show('q');
    expect(list.$state.get()).toMatchObject({ status: 'ready', total: 7, more: true });
    await list.more();
    await list.more();
    expect(list.$state.get().items.map((r) => r.id)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(list.$state.get().more).toBe(false);
  });

  it('drops removed items: the total shrinks and the next page follows the last one shown', async () => {
    const backend = rows(7);
    const list = remoteList(backend.load, { pageSize: 3 });
    await list.show('q');
    list.drop((r) => r.id === 2);
    backend.all.splice(1, 1);
    expect(list.$state.get()).toMatchObject({ total: 6, more: true });
    expect(list.$state.get().items.map((r) => r.id)).toEqual([1, 3]);
    await list.more();
    expect(backend.asked).toEqual([0, 2]);
    expect(list.$state.get().items.map((r) => r.id)).toEqual([1, 3, 4, 5, 6]);
    await list.more();
    expect(list.$state.get().items.map((r) => r.id)).toEqual([1, 3, 4, 5, 6, 7]);
    expect(list.$state.get().more).toBe(false);
  });

  it('knows there is still one more after a drop that leaves the first page short of the total', async () => {
    const backend = rows(4);
    const list = remoteList(backend.load, { pageSize: 3 });
    await list.show('q');
    list.drop((r) => r.id === 1);
    backend.all.splice(0, 1);
    expect(list.$state.get()).toMatchObject({ total: 3, more: true });
    await list.more();
    expect(list.$state.get().items.map((r) => r.id)).toEqual([2, 3, 4]);
    expect(list.$state.get().more).toBe(false);
  });

  it('empties to the empty state when the last item goes', async () => {
    const backend = rows(1);
    const list = remoteList(backend.load, { pageSize: 3 });
    await list.show('q');
    list.drop(() => true);
    expect(list.$state.get()).toMatchObject({ status: 'ready', items: [], total: 0, more: false });
  });

  it('starts counting afresh when the list is shown again', async () => {
    const backend = rows(7);
    const list = remoteList(backend.load, { pageSize: 3 });
    await list.show('q');
    list.drop((r) => r.id === 1);
    await list.show('q');
    await list.more();
    expect(backend.asked).toEqual([0, 0, 3]);
  });
});
