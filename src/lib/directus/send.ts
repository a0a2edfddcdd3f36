/**
 * The client type every reader of Directus shares, and the one way a command is sent: kept apart
 * from the queries so that a page's smallest script (the view count) brings no more than this.
 */
import { isDirectusError, type DirectusClient, type RestClient, type RestCommand } from '@directus/sdk';
import { DirectusRequestError } from './request-error.ts';
import type { Schema } from './schema.ts';

export type SiteClient = DirectusClient<Schema> & RestClient<Schema>;

/**
 * The words of a refusal a page may show as they are: a rule's `extensions.reason`, or a limit's (429)
 * own message; only words beyond ASCII (ours are Russian), so Directus's own English («Under pressure»,
 * «Too many requests») never shows.
 */
export function refusalShown(status: number | null, reason: unknown, message: unknown): string | null {
  const said = typeof reason === 'string' ? reason : status === 429 ? String(message) : '';
  return /[^\0-~]/.test(said) ? said : null;
}

/** Runs a command; a failure of any kind becomes a DirectusRequestError naming what was asked. */
export async function send<T>(client: SiteClient, command: RestCommand<T, Schema>, what: string): Promise<T> {
  try {
    return await client.request(command);
  } catch (err) {
    const status = isDirectusError(err) && err.response instanceof Response ? err.response.status : null;
    const reason = isDirectusError(err) ? err.errors?.[0]?.message : err instanceof Error ? err.message : String(err);
    const explained = isDirectusError(err) ? err.errors?.[0]?.extensions?.reason : undefined;
    throw new DirectusRequestError(`${what}: ${status ?? 'no answer'}${reason ? ` ${reason}` : ''}`, status, refusalShown(status, explained, reason));
  }
}
