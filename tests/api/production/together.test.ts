/**
 * Watching together on two Directus instances over PostgreSQL + Redis: members whose sockets sit on
 * different instances hear each other's commands and messages (the Redis bus), two instances taking
 * commands for one room at once keep its version straight, and a removal made on one instance cuts
 * the removed member's socket on the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Backend } from '../../../scripts/lib/backend.ts';
import type { RunningDirectus } from '../../../scripts/lib/directus-process.ts';
import { ROOM_MESSAGES, type RoomView } from '../../../shared/together.ts';
import { closeAllRealtime } from '../../support/realtime.ts';
import { RoomSocket } from '../../support/together.ts';
import { newPersonOn, startTwoInstances, type ProductionPerson, type TwoInstances } from '../../support/two-instances.ts';
import { http } from '../../support/direct-http.ts';

let world: TwoInstances | undefined;
let a: Backend | undefined;
let b: RunningDirectus | undefined;
let db: Knex | undefined;
let title = 0;
let episode = 0;

type Person = ProductionPerson;
const newPerson = () => newPersonOn(a!);

/** A room led by the first person, everyone joined through the instance their socket is on. */
async function roomOn(people: Person[], bases: string[], label: string): Promise<{ code: string; sockets: RoomSocket[] }> {
  const made = await http(a!.url, 'POST', '/together/rooms', { token: people[0]!.token, body: { title, episode } });
  expect(made.status, JSON.stringify(made.errors)).toBe(201);
  const code = made.data.code as string;
  const sockets: RoomSocket[] = [];
  for (const [i, p] of people.entries()) {
    expect((await http(bases[i]!, 'POST', `/together/rooms/${code}/join`, { token: p.token })).status).toBe(200);
    const s = await RoomSocket.open(bases[i]!, p.token, code, `${label}${i}`);
    await s.join();
    sockets.push(s);
  }
  for (const s of sockets) await s.view((v: RoomView) => v.members.length === people.length && v.members.every((m) => m.state !== 'offline'), 'everyone online');
  return { code, sockets };
}

beforeAll(async () => {
  world = await startTwoInstances('together');
  ({ a, b, db } = world);
  title = (await a.api.post<{ id: number }>('/items/titles', { slug: `together-${randomUUID().slice(0, 8)}`, name: 'Вместе', status: 'published', typeSource: 'Сезоны' })).id;
  episode = (await a.api.post<{ id: number }>('/items/series', { title, name: '1 серия', sort: 1 })).id;
}, 480_000);

afterAll(async () => {
  await closeAllRealtime();
  await world?.stop();
}, 60_000);

describe('watching together on two instances', () => {
  it('members on A and B hear each other\'s commands and messages', async () => {
    const people = await Promise.all([newPerson(), newPerson(), newPerson()]);
    const { sockets } = await roomOn(people, [a!.url, b!.url, b!.url], 'ab');
    const [onA, onB, alsoB] = sockets as [RoomSocket, RoomSocket, RoomSocket];
    const sentAt = Date.now();
    onA.send({ action: 'play', position: 42 });
    for (const s of [onB, alsoB]) {
      const view = await s.view((v) => v.moment.playing && v.moment.position === 42, 'the play from A');
      expect(view.moment.at).toBeGreaterThan(sentAt);
    }
    onB.send({ action: 'message', text: 'Привет из B' });
    await onA.message('Привет из B');
    onB.send({ action: 'pause', position: 50 });
    await onA.view((v) => !v.moment.playing && v.moment.position === 50, 'the pause from B');
    await onA.message(`${people[1]!.login} поставил(а) на паузу`);
    onA.send({ action: 'react', emoji: '😂' });
    await alsoB.rt.waitFor((f) => f.event === 'reaction' && f.user === people[0]!.id, 'the reaction from A');
  });

  it('commands taken at once by both instances each apply once, under one line of versions', async () => {
    const people = await Promise.all([newPerson(), newPerson()]);
    const { code, sockets } = await roomOn(people, [a!.url, b!.url], 'race');
    const [onA, onB] = sockets as [RoomSocket, RoomSocket];
    const versionNow = async () => Number((await db!('togetherRooms').where({ code }).first('version')).version);
    const start = await versionNow();
    for (let i = 0; i < 10; i++) {
      onA.send({ action: 'seek', position: 100 + i });
      onB.send({ action: 'seek', position: 200 + i });
    }
    const sought = Array.from({ length: 10 }, (_, i) => [100 + i, 200 + i]).flat();
    const heardNow = () => onA.views().filter((v) => v.version > start);
    await expect.poll(() => sought.filter((p) => heardNow().some((v) => v.moment.position === p)).length, { timeout: 30_000, interval: 250 }).toBe(sought.length);
    const end = await versionNow();
    const heard = heardNow();
    const detail = JSON.stringify(heard.map((v) => [v.version, v.moment.position, v.members.map((m) => m.state)]));
    // Every seek is a change of its own, applied once; no two changes share a version.
    expect(end - start, detail).toBeGreaterThanOrEqual(sought.length);
    for (const p of sought) expect(new Set(heard.filter((v) => v.moment.position === p).map((v) => v.version)).size, detail).toBe(1);
    const byVersion = new Map<number, string>();
    for (const v of heard) {
      const seen = byVersion.get(v.version);
      expect(seen === undefined || seen === JSON.stringify(v), detail).toBe(true);
      byVersion.set(v.version, JSON.stringify(v));
    }
    const last = await onA.view((v) => v.version === end, 'the last change');
    const row = await db!('togetherRooms').where({ code }).first('position');
    expect(Number(row.position)).toBe(last.moment.position);
    expect([109, 209]).toContain(last.moment.position);
  });

  it('a removal made on A cuts the member\'s socket on B at once', async () => {
    const people = await Promise.all([newPerson(), newPerson(), newPerson()]);
    const { code, sockets } = await roomOn(people, [a!.url, b!.url, a!.url], 'cut');
    const [leader, removed, stays] = sockets as [RoomSocket, RoomSocket, RoomSocket];
    leader.send({ action: 'remove', user: people[1]!.id });
    await removed.rt.waitFor((f) => f.event === 'removed' && f.room === code, 'the removal on B');
    expect((await removed.errorOf(removed.send({ action: 'play', position: 1 }))).code).toBe('notMember');
    stays.send({ action: 'message', text: 'после удаления' });
    await leader.message('после удаления');
    expect(JSON.stringify(removed.rt.frames)).not.toContain('после удаления');
    const again = await http(b!.url, 'POST', `/together/rooms/${code}/join`, { token: people[1]!.token });
    expect(again.status).toBe(403);
    expect(again.errors?.[0]?.message).toBe(ROOM_MESSAGES.removed);
  });

  it('a member with sockets on both instances stays online when one of them closes', async () => {
    const people = await Promise.all([newPerson(), newPerson()]);
    const { code, sockets } = await roomOn(people, [a!.url, a!.url], 'two');
    const second = await RoomSocket.open(b!.url, people[1]!.token, code, 'two-onB');
    await second.join();
    const before = sockets[0]!.latest()!.version;
    await sockets[1]!.close();
    // The close takes them offline for a moment; B, holding their other socket, brings them back.
    const back = await sockets[0]!.view((v) => v.version > before + 1 && v.members.find((m) => m.id === people[1]!.id)?.state !== 'offline', 'the member back online');
    expect(back.members).toHaveLength(2);
  });
});
