/**
 * The settings the production runner (scripts/rebuild-runner.ts) cannot start without. SITE_URL is among
 * them: the page build falls back to the local demo address, which is right for `npm start` but would have
 * every canonical, og:url, og:image and sitemap address of a public site name 127.0.0.1.
 */
export interface RunnerSettings { siteRoot: string; siteUrl: string; directusUrl: string; secret: string }

const SEE = '(see deploy/README.md)';

/** The runner's settings from its environment, or what is wrong with them, one line each. */
export function readRunnerSettings(env: Record<string, string | undefined>): RunnerSettings | string[] {
  const problems: string[] = [];
  const required = (name: string, why = '') => {
    const value = env[name]?.trim();
    if (!value) problems.push(`${name} is not set${why} ${SEE}`);
    return value ?? '';
  };
  const siteRoot = required('SITE_ROOT');
  const siteUrl = required('SITE_URL', ': the public address (e.g. https://example.ru) that canonicals, og:url and the sitemap name');
  const directusUrl = required('DIRECTUS_URL');
  const secret = required('SITE_REBUILD_SECRET');
  if (siteUrl && !isWebAddress(siteUrl)) problems.push(`SITE_URL is not a web address: ${siteUrl} ${SEE}`);
  return problems.length ? problems : { siteRoot, siteUrl, directusUrl, secret };
}

function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}
