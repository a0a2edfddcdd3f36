import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRunnerSettings } from '../../scripts/site-build/runner-settings.ts';
import { ROOT } from '../../scripts/lib/paths.ts';

const ALL = { SITE_ROOT: '/srv/dorama', SITE_URL: 'https://example.ru', DIRECTUS_URL: 'http://127.0.0.1:8055', SITE_REBUILD_SECRET: 's' };

describe('the production runner\'s settings', () => {
  it('reads all four when they are set', () => {
    expect(readRunnerSettings(ALL)).toEqual({ siteRoot: '/srv/dorama', siteUrl: 'https://example.ru', directusUrl: 'http://127.0.0.1:8055', secret: 's' });
  });

  it('refuses a missing or blank SITE_URL, which would have every canonical and sitemap address name 127.0.0.1', () => {
    for (const SITE_URL of [undefined, '', '  ']) {
      const problems = readRunnerSettings({ ...ALL, SITE_URL });
      expect(problems).toEqual([expect.stringMatching(/^SITE_URL is not set: the public address .*canonicals.*sitemap/)]);
    }
  });

  it('refuses a SITE_URL that is no web address', () => {
    for (const SITE_URL of ['example.ru', 'ftp://example.ru']) expect(readRunnerSettings({ ...ALL, SITE_URL })).toEqual([`SITE_URL is not a web address: ${SITE_URL} (see deploy/README.md)`]);
  });

  it('names every missing setting at once', () => {
    expect(readRunnerSettings({})).toEqual(['SITE_ROOT', 'SITE_URL', 'DIRECTUS_URL', 'SITE_REBUILD_SECRET'].map((name) => expect.stringMatching(new RegExp(`^${name} is not set`))));
  });

  it('keeps the runner from starting without SITE_URL, saying why', () => {
    const siteRoot = mkdtempSync(path.join(os.tmpdir(), 'runner-settings-'));
    try {
      // Should it start after all, it finds no backend on port 9 and the timeout ends it.
      const { status, stderr } = spawnSync(process.execPath, [path.join(ROOT, 'scripts/rebuild-runner.ts')], {
        env: { PATH: process.env.PATH, SITE_ROOT: siteRoot, DIRECTUS_URL: 'http://127.0.0.1:9', SITE_REBUILD_SECRET: 's', REBUILD_PORT: '0' },
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(stderr).toMatch(/^SITE_URL is not set: the public address/m);
      expect(status).toBe(1);
    } finally {
      rmSync(siteRoot, { recursive: true, force: true });
    }
  }, 30_000);
});
