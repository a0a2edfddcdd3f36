import { describe, expect, it } from 'vitest';
import { GRANT_MS, grantFor, grantHolds, grantedAddress } from './video-grant.ts';

const SECRET = 'a-secret-of-the-backend';
const NOW = Date.UTC(2026, 11, 5, 20, 0, 0);

describe('video grants', () => {
  const grant = grantFor(12, SECRET, NOW);
  const holds = (episode: number, until: unknown, sig: unknown, now = NOW, secret = SECRET) => grantHolds(episode, until, sig, secret, now);

  it('hold for their episode until they run out', () => {
    expect(grant.until).toBe((NOW + GRANT_MS) / 1000);
    expect(holds(12, String(grant.until), grant.sig)).toBe(true);
    expect(holds(12, String(grant.until), grant.sig, NOW + GRANT_MS - 1000)).toBe(true);
    expect(holds(12, String(grant.until), grant.sig, NOW + GRANT_MS)).toBe(false);
  });

  it('hold for no other episode, end, signature or secret', () => {
    expect(holds(13, String(grant.until), grant.sig)).toBe(false);
    expect(holds(12, String(grant.until + 3600), grant.sig)).toBe(false);
    expect(holds(12, String(grant.until), `${grant.sig.slice(0, -1)}${grant.sig.endsWith('A') ? 'B' : 'A'}`)).toBe(false);
    expect(holds(12, String(grant.until), grant.sig, NOW, 'another-secret')).toBe(false);
    expect(holds(12, String(grant.until), grant.sig, NOW, '')).toBe(false);
  });

  it('refuse values of the wrong kind', () => {
    for (const until of [grant.until, [String(grant.until)], '1e12', '-1', '', undefined]) expect(holds(12, until, grant.sig)).toBe(false);
    for (const sig of [[grant.sig], { a: 1 }, '', undefined, grant.sig.repeat(2)]) expect(holds(12, String(grant.until), sig)).toBe(false);
  });

  it('are addressed under the backend with both parts', () => {
    expect(grantedAddress(12, grant)).toBe(`/site/kept-videos/play/12?until=${grant.until}&sig=${grant.sig}`);
  });
});
