/**
 * No request body, of any size, type or shape, takes a process down: oversized bodies in every content
 * type, without a length, compressed or broken off, to every route of ours that reads one, on Directus
 * (directly and through the site server's /api), the site server's rebuild webhook and the gateway's
 * stand-in. Each is refused with a 4xx, and the server answers the next request.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createRebuildLoop, type RebuildLoop } from '../../scripts/site-build/rebuild-loop.ts';
import { REBUILD_PATH } from '../../scripts/site-build/rebuild-webhook.ts';
import { startSiteServer, type SiteServer } from '../../scripts/lib/static-server.ts';
import { baseUrl, newTitle, newUser, pngBytes, type TestUser } from '../support/api.ts';
import { adminRead, countRows, uploadAs } from '../support/fixtures.ts';
import {
  BODY_SHAPES, describeShape, endpointsReadingBodies, expectDirectusAnswers, expectRefusal, sendEveryShape, sendOversized,
  type BodyEndpoint,
} from '../support/request-bodies.ts';

const TOO_LARGE = 'Слишком большое тело запроса';

let user: TestUser;
let endpoints: BodyEndpoint[] = [];
let workDir = '';
let loop: RebuildLoop;
let site: SiteServer;
const rebuildSecret = randomBytes(24).toString('hex');

beforeAll(async () => {
  const other = await newUser();
  user = await newUser();
  const title = await newTitle();
  const chat = await user.call('POST', '/items/chats', { user_invited: [{ directus_users_id: other.id }] });
  const file = await uploadAs(user, pngBytes(), 'image/png', 'mine.png');
  endpoints = endpointsReadingBodies({ userToken: user.token, titleId: title.id, chatId: chat.data.id, fileId: file.data.id });
  workDir = mkdtempSync(path.join(os.tmpdir(), 'dorama-bodies-'));
  loop = createRebuildLoop({ sitesDir: path.join(workDir, 'site'), directusUrl: baseUrl(), secret: rebuildSecret, countersEveryMs: 0 });
  site = await startSiteServer({ distDir: () => loop.rebuilder.currentDir(), port: 0, directusUrl: baseUrl(), handlers: [loop.webhook], apiCache: false });
});

afterAll(async () => {
  await loop?.close();
  await site?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** The endpoints' names, known before the fixtures exist. */
const NAMES = endpointsReadingBodies({ userToken: '', titleId: 0, chatId: 0, fileId: '' }).map((e) => e.name);
const endpoint = (name: string) => endpoints.find((e) => e.name === name)!;

describe('Directus', () => {
  it.each(NAMES)('%s: every oversized body is answered without a server error, and Directus answers after each', async (name) => {
    await sendEveryShape(baseUrl(), endpoint(name));
  });

  it('the webhook refuses a body over 64 KB in a type Directus does not read with 413 and its reason', async () => {
    const answers = await sendEveryShape(baseUrl(), endpoint('the payment webhook'));
    for (const [shape, answer] of answers) {
      if (!answer || shape.startsWith('application/json')) continue;
      expect(answer.status, shape).toBe(413);
      expect(JSON.parse(answer.text).errors[0].message, shape).toBe(TOO_LARGE);
    }
  });

  it('an upload past the cap is refused with 413 in every shape, and nothing is stored or changed', async () => {
    const files = await countRows('directus_files', {});
    const answers = await sendEveryShape(baseUrl(), endpoint('uploading a picture'));
    for (const [shape, answer] of answers) {
      if (answer && shape.startsWith('multipart/')) expect(answer.status, shape).toBe(413);
    }
    expect(await countRows('directus_files', {})).toBe(files);
    expect(await countRows('invoices', { user: { _eq: user.id } })).toBe(0);
    expect(await countRows('comments', { user_created: { _eq: user.id } })).toBe(0);
    expect((await adminRead('directus_users', user.id, 'id')).id).toBe(user.id);
  });
});

describe('the site server', () => {
  it.each(['the payment webhook', 'uploading a picture', 'buying a plan', 'signing in'])(
    '%s through /api: every oversized body is answered without a server error, and Directus answers after each',
    async (name) => {
      await sendEveryShape(`${site.url}/api`, endpoint(name));
    },
  );

  it('the rebuild webhook refuses every oversized body (413 with its secret, 401 without) and asks for no build', async () => {
    for (const shape of BODY_SHAPES) {
      const what = `/__rebuild, ${describeShape(shape)}`;
      const signed = await sendOversized(site.url, { method: 'POST', path: REBUILD_PATH, headers: { authorization: `Bearer ${rebuildSecret}` }, ...shape });
      expectRefusal(signed, what);
      if (signed && !shape.breakOffAt) expect(signed.status, what).toBe(413);
      const unsigned = await sendOversized(site.url, { method: 'POST', path: REBUILD_PATH, ...shape });
      expectRefusal(unsigned, what);
      if (unsigned) expect(unsigned.status, what).toBe(401);
      const state = await fetch(`${site.url}${REBUILD_PATH}`, { headers: { authorization: `Bearer ${rebuildSecret}` } });
      expect(state.status, what).toBe(200);
      expect((await state.json()).data.pending, what).toBe(0);
      await expectDirectusAnswers(`${site.url}/api`, what);
    }
  });
});

describe('the gateway\'s stand-in', () => {
  it.each(['/v1/payment', '/v1/payment/info', '/__standin/deliveries'])('%s refuses every oversized body and answers after each', async (route) => {
    const gateway = inject('gateway');
    for (const shape of BODY_SHAPES) {
      const what = `${route}, ${describeShape(shape)}`;
      const answer = await sendOversized(gateway.url, { method: 'POST', path: route, headers: { merchant: gateway.merchant, sign: 'x' }, ...shape });
      expectRefusal(answer, what);
      if (answer && !shape.breakOffAt) expect(answer.status, what).toBe(413);
      const page = await fetch(`${gateway.url}/pay/${randomUUID()}`);
      expect(page.status, what).toBe(404);
    }
  });
});
