/**
 * Registers a view of a title (POST /flows/trigger/{id} with { titleId }); a signed-in person is
 * counted by their account rather than their address, so two people behind one address both count.
 * A refusal is an error carrying the HTTP status. Apart
 * from the runtime's other calls: every title page sends it as it opens, and needs nothing else.
 */
import { triggerFlow } from '@directus/sdk';
import { VIEW_FLOW_ID } from '../../../shared/visitor-rules.ts';
import { send, type SiteClient } from './send.ts';

export async function countView(client: SiteClient, titleId: number): Promise<{ counted: boolean }> {
  const answer = await send(client, triggerFlow('POST', VIEW_FLOW_ID, { titleId: String(titleId) }), 'view');
  return { counted: Boolean((answer as { counted?: unknown } | null)?.counted) };
}
