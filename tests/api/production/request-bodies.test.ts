/**
 * No request body takes an instance down in the production configuration either: two Directus instances on
 * one PostgreSQL database and Redis get the oversized bodies of tests/api/request-bodies.test.ts, every
 * route on both, and both answer after each.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Backend } from '../../../scripts/lib/backend.ts';
import type { RunningDirectus } from '../../../scripts/lib/directus-process.ts';
import { freePort } from '../../../scripts/lib/free-port.ts';
import { startPaymentGateway, type PaymentGateway } from '../../../scripts/lib/payment-gateway.ts';
import { pngBytes } from '../../support/api.ts';
import { endpointsReadingBodies, expectDirectusAnswers, sendEveryShape, type BodyEndpoint } from '../../support/request-bodies.ts';
import { newPersonOn, startTwoInstances, type TwoInstances } from '../../support/two-instances.ts';

let world: TwoInstances | undefined;
let a: Backend | undefined;
let b: RunningDirectus | undefined;
let gateway: PaymentGateway | undefined;
let endpoints: BodyEndpoint[] = [];

beforeAll(async () => {
  const port = await freePort();
  gateway = await startPaymentGateway({ directusUrl: `http://127.0.0.1:${port}`, quiet: true });
  world = await startTwoInstances('bodies', { port, env: { ...gateway.env, PRESSURE_LIMITER_ENABLED: 'false' } });
  ({ a, b } = world);

  const [me, other] = await Promise.all([newPersonOn(a), newPersonOn(a)]);
  const title = await a.api.post<{ id: number }>('/items/titles', { slug: `${me.login}-title`, name: 'Тайтл тел запросов', status: 'published' });
  const chat = await fetch(`${a.url}/items/chats`, {
    method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${me.token}` },
    body: JSON.stringify({ user_invited: [{ directus_users_id: other.id }] }),
  }).then((r) => r.json() as Promise<{ data: { id: number } }>);
  const form = new FormData();
  form.append('file', new Blob([pngBytes()], { type: 'image/png' }), 'mine.png');
  const file = await fetch(`${a.url}/files`, { method: 'POST', headers: { authorization: `Bearer ${me.token}` }, body: form })
    .then((r) => r.json() as Promise<{ data: { id: string } }>);
  endpoints = endpointsReadingBodies({ userToken: me.token, titleId: title.id, chatId: chat.data.id, fileId: file.data.id });
}, 360_000);

afterAll(async () => {
  await Promise.allSettled([world?.stop(), gateway?.stop()]);
}, 60_000);

const NAMES = endpointsReadingBodies({ userToken: '', titleId: 0, chatId: 0, fileId: '' }).map((e) => e.name);

describe('oversized bodies on two instances of PostgreSQL + Redis', () => {
  it.each(NAMES)('%s: every shape on both instances is answered without a server error, and both answer after each', async (endpointName) => {
    const endpoint = endpoints.find((e) => e.name === endpointName)!;
    for (const instance of [a!, b!]) {
      await sendEveryShape(instance.url, endpoint);
      const other = instance === a ? b! : a!;
      await expectDirectusAnswers(other.url, `${endpointName} on ${instance.url}`);
    }
  });
});
