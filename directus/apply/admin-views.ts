/**
 * What the admin app's lists show (labels.ts, `list`): for each such collection a default view for
 * everyone, a global preset with those columns in that order; a person's own changes to a list are
 * their own presets and stay.
 */
import { LABELS } from '../schema/labels.ts';
import { AdminApi, covers } from './admin-api.ts';

type Preset = { id: number; collection: string; layout: string | null; layout_query: Record<string, unknown> | null };

export async function applyAdminViews(api: AdminApi): Promise<void> {
  const global = await api.get<Preset[]>('/presets?filter[user][_null]=true&filter[role][_null]=true&filter[bookmark][_null]=true&fields=id,collection,layout,layout_query&limit=-1');
  for (const [collection, label] of Object.entries(LABELS)) {
    if (!label.list) continue;
    const want = { layout: 'tabular', layout_query: { tabular: { fields: label.list.fields, sort: label.list.sort, page: 1 } } };
    const have = global.find((p) => p.collection === collection);
    if (!have) await api.post('/presets', { collection, user: null, role: null, bookmark: null, ...want });
    else if (!covers(have, want)) await api.patch(`/presets/${have.id}`, want);
  }
}
