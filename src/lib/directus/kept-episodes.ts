/**
 * Episodes of a title kept for subscribers, with their sources: the backend answers those to
 * Premium and Premium+ people alone (anyone else reads their names only). Signed-in code only.
 */
import { readItems } from '@directus/sdk';
import { pageClient } from './client.ts';
import { EPISODE_FIELDS } from './fields.ts';
import { send } from './queries.ts';

export function readKeptEpisodes(titleId: number) {
  return send(pageClient(), readItems('series', {
    fields: EPISODE_FIELDS, filter: { _and: [{ title: { _eq: titleId } }, { deleted: { _eq: true } }] }, sort: ['sort', 'id'], limit: -1,
  }), 'kept episodes');
}
