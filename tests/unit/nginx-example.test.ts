/** The nginx example must carry every rule of the rewrite table, in the same order, so the two cannot drift. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REWRITE_RULES, nginxForm } from '../../scripts/lib/rewrites.ts';
import { API_SOCKET_PATH, CACHE_IMMUTABLE, PAGE_HEADERS } from '../../scripts/lib/static-server.ts';
import { API_CACHE_TTL_MS, CACHED_ROUTES } from '../../scripts/lib/api-cache.ts';
import { HELEKET_WEBHOOK_SOURCE } from '../../directus/extensions/site-payments/src/heleket-protocol.ts';
import { NGINX_REDIRECTS_FILE, redirectKey } from '../../scripts/lib/redirects.ts';

const conf = readFileSync(new URL('../../deploy/nginx.conf.example', import.meta.url), 'utf8');

/** `location ... {` lines with the directives of their block (blocks here are not nested). */
function locations(text: string): { location: string; body: string[] }[] {
  const out: { location: string; body: string[] }[] = [];
  const lines = text.split('\n').map((l) => l.replace(/#.*$/, '').trim());
  for (let i = 0; i < lines.length; i++) {
    const m = /^(location\s.+?)\s*\{$/.exec(lines[i] as string);
    if (!m) continue;
    const body: string[] = [];
    let depth = 1;
    for (i++; i < lines.length && depth > 0; i++) {
      const line = lines[i] as string;
      if (line.endsWith('{')) depth++;
      if (line === '}') depth--;
      else if (line) body.push(line);
    }
    i--;
    out.push({ location: (m[1] as string).replace(/\s+/g, ' '), body });
  }
  return out;
}

const blocks = locations(conf);

describe('deploy/nginx.conf.example', () => {
  it('has a location for every rewrite rule, with the same target', () => {
    for (const rule of REWRITE_RULES) {
      const { location, directive } = nginxForm(rule);
      const block = blocks.find((b) => b.location === location);
      expect(block, `missing: ${location}`).toBeDefined();
      expect(block?.body, rule.name).toContain(directive);
    }
  });

  it('keeps the rules in the order of the table (nginx tries regex locations in file order)', () => {
    const regexOrder = blocks.filter((b) => b.location.startsWith('location ~ ')).map((b) => b.location);
    const tableOrder = REWRITE_RULES.map((r) => nginxForm(r).location).filter((l) => l.startsWith('location ~ '));
    expect(regexOrder.slice(0, tableOrder.length)).toEqual(tableOrder);
  });

  it('sends the pages\' headers the site\'s own server sends, from the server block every page inherits', () => {
    // The server block's own directives are indented once; its locations' twice.
    const server = conf.split('\n').filter((l) => /^ {4}add_header /.test(l)).map((l) => l.trim());
    for (const [name, value] of Object.entries(PAGE_HEADERS)) {
      const quoted = /[\s']/.test(value) ? `"${value}"` : value;
      expect(server.some((l) => l.toLowerCase() === `add_header ${name} ${quoted} always;`.toLowerCase()), name).toBe(true);
    }
    // A page's location that adds a header of its own would drop them all (nginx inherits add_header only when a block has none).
    for (const rule of REWRITE_RULES) {
      const block = blocks.find((b) => b.location === nginxForm(rule).location);
      expect(block?.body.some((d) => d.startsWith('add_header')), rule.name).toBe(false);
    }
    expect(blocks.find((b) => b.location === 'location /')?.body.some((d) => d.startsWith('add_header'))).toBe(false);
  });

  it('has no rewrite the table does not know', () => {
    const known = new Set(REWRITE_RULES.map((r) => nginxForm(r).location));
    const rewrites = blocks.filter((b) => b.body.some((d) => /^(try_files|rewrite|return 404)/.test(d)) && /^location ~ /.test(b.location));
    for (const b of rewrites) {
      if (b.location.startsWith('location ~* ')) continue; // the static files by extension
      expect(known.has(b.location), b.location).toBe(true);
    }
  });

  it('proxies /api/ to Directus with the prefix stripped, and upgrades only the socket\'s address', () => {
    const api = blocks.find((b) => b.location === 'location ^~ /api/');
    expect(api).toBeDefined();
    expect(api?.body).toContain('proxy_pass http://directus/;');
    expect(api?.body).toContain('proxy_http_version 1.1;');
    expect(api?.body).toContain('proxy_set_header Connection "";');
    expect(api?.body.some((d) => d.startsWith('proxy_set_header X-Forwarded-For'))).toBe(true);
    expect(api?.body.some((d) => d.startsWith('proxy_set_header X-Forwarded-Proto'))).toBe(true);

    const socket = blocks.find((b) => b.location === `location = ${API_SOCKET_PATH}`);
    expect(socket?.body).toContain(`proxy_pass http://directus${API_SOCKET_PATH.replace(/^\/api/, '')};`);
    expect(socket?.body).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(socket?.body).toContain('proxy_set_header Connection $connection_upgrade;');
    expect(socket?.body).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    const upgrading = blocks.filter((b) => b.body.some((d) => d.startsWith('proxy_set_header Upgrade')));
    expect(upgrading.map((b) => b.location)).toEqual([socket?.location]);
  });

  it('micro-caches the same public read routes as the site server, for credential-free GETs only', () => {
    const route = /location ~ (\^\/api\/\S+\$) \{/.exec(conf)?.[1];
    expect(route).toBeDefined();
    const nginx = new RegExp(route!);
    for (const path of ['/items/comments', '/items/titles', '/users', '/users/abc', '/site/rating/12', '/site/ratings', '/site/comment-counts', '/site/online', '/site/availability', '/site/chats', '/assets/x', '/server/health', '/items/titles/5']) {
      expect(nginx.test(`/api${path}`), path).toBe(CACHED_ROUTES.test(path));
    }
    expect(conf).toMatch(/"GET:"\s+0;/);
    expect(conf).toMatch(/proxy_cache_valid 200 5s;/);
    expect(API_CACHE_TTL_MS).toBe(5_000);
  });

  it('takes the payment webhook only from the address the gateway documents, and refuses everyone else', () => {
    const webhook = blocks.find((b) => b.location === 'location = /api/payment/webhook');
    expect(webhook?.body.slice(0, 2)).toEqual([`allow ${HELEKET_WEBHOOK_SOURCE};`, 'deny all;']);
    expect(webhook?.body).toContain('proxy_pass http://directus/payment/webhook;');
    expect(webhook?.body).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
  });

  it('caches hashed assets for a year, revalidates HTML, compresses, and answers 404 with the 404 page', () => {
    const assets = blocks.find((b) => b.location === 'location ^~ /_astro/');
    expect(assets?.body).toContain(`add_header Cache-Control "${CACHE_IMMUTABLE}" always;`);
    expect(conf).toMatch(/~\^text\/html\s+'no-cache';/);
    expect(conf).toMatch(/^\s*gzip on;/m);
    expect(conf).toMatch(/^\s*error_page 404 @missing;/m);
    expect(blocks.find((b) => b.location === 'location @missing')?.body.at(-1)).toBe('rewrite ^ /404.html break;');
    const fallback = blocks.find((b) => b.location === 'location /');
    expect(fallback?.body).toContain('try_files $uri $uri/index.html $uri.html =404;');
  });

  it('sends a page\'s former address on with a 301 from the served build\'s redirects.map, only where no page answers', () => {
    const root = /^\s*root (\S+);/m.exec(conf)?.[1];
    expect(root).toBeDefined();
    // The build writes the map beside its pages; the `*` lets nginx start before the first build.
    const map = /map \$site_page_path \$former_address \{\s*include (\S+);\s*\}/.exec(conf)?.[1];
    expect(map).toBe(`${root}/${NGINX_REDIRECTS_FILE}*`);
    // Looked up as the site's server does: without a trailing slash.
    const bare = /map \$uri \$site_page_path \{\s*~(\S+)\s+\$bare;\s*default\s+\$uri;\s*\}/.exec(conf)?.[1];
    expect(bare).toBeDefined();
    const lookedUp = (uri: string) => new RegExp(bare!).exec(uri)?.groups?.bare ?? uri;
    for (const uri of ['/old', '/old/', '/titles/old/actors//', '/', '/a']) expect(lookedUp(uri), uri).toBe(redirectKey(uri));
    // Every missing page goes through the check; the 404 page itself is what is left.
    const missing = blocks.find((b) => b.location === 'location @missing');
    expect(missing?.body.slice(0, 2)).toEqual(['if ($former_address) {', 'return 301 $former_address$is_args$args;']);
    expect(conf).not.toMatch(/error_page 404 \/404\.html;/);
  });
});
