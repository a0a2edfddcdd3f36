/**
 * Flows kept as code: view registration (`POST /flows/trigger/{VIEW_FLOW_ID}` with `{ titleId }`), and
 * «Найти заставки», run by editors on titles from the admin app.
 */
import { VIEW_FLOW_ID } from '../../shared/rules.ts';
import { AdminApi, covers } from './admin-api.ts';

const VIEW_OPERATION_ID = '7a1c2f4e-1d2b-4c3a-9e8f-000000000002';

const FLOW = {
  name: 'Просмотр дорамы',
  icon: 'visibility',
  color: null,
  description: 'Засчитывает просмотр при открытии страницы дорамы',
  status: 'active',
  trigger: 'webhook',
  accountability: '$trigger',
  options: { method: 'POST', async: false, return: '$last', error_on_reject: true },
};

const OPERATION = {
  name: 'Засчитать просмотр',
  key: 'count_view',
  type: 'count-view',
  position_x: 19,
  position_y: 1,
  options: { titleId: '{{$trigger.body.titleId}}' },
  resolve: null,
  reject: null,
};

/** «Найти заставки»: a button on a title (and its list) that queues the search of its openings and endings. */
export const FIND_SEGMENTS_FLOW_ID = '7a1c2f4e-1d2b-4c3a-9e8f-000000000003';
const FIND_SEGMENTS_OPERATION_ID = '7a1c2f4e-1d2b-4c3a-9e8f-000000000004';

const FIND_SEGMENTS_FLOW = {
  name: 'Найти заставки',
  icon: 'content_cut',
  color: null,
  description: 'Ищет заставки и титры в загруженных сериях по звуку; итог — в поле «Поиск заставок» дорамы',
  status: 'active',
  trigger: 'manual',
  accountability: '$trigger',
  options: { collections: ['titles'], location: 'both', requireSelection: true, requireConfirmation: false, async: false, error_on_reject: true },
};

const FIND_SEGMENTS_OPERATION = {
  name: 'Поставить в очередь',
  key: 'find_segments',
  type: 'find-segments',
  position_x: 19,
  position_y: 1,
  options: { keys: '{{$trigger.body.keys}}' },
  resolve: null,
  reject: null,
};

const FLOWS = [
  { id: VIEW_FLOW_ID, flow: FLOW, operationId: VIEW_OPERATION_ID, operation: OPERATION },
  { id: FIND_SEGMENTS_FLOW_ID, flow: FIND_SEGMENTS_FLOW, operationId: FIND_SEGMENTS_OPERATION_ID, operation: FIND_SEGMENTS_OPERATION },
];

export async function applyFlows(api: AdminApi): Promise<void> {
  for (const { id, flow, operationId, operation } of FLOWS) {
    const flows = await api.get<any[]>(`/flows?filter[id][_eq]=${id}&fields=*`);
    if (!flows.length) await api.post('/flows', { id, ...flow });
    else if (!covers(flows[0], flow)) await api.patch(`/flows/${id}`, flow);

    const ops = await api.get<any[]>(`/operations?filter[id][_eq]=${operationId}&fields=*`);
    if (!ops.length) await api.post('/operations', { id: operationId, flow: id, ...operation });
    else if (!covers(ops[0], operation)) await api.patch(`/operations/${operationId}`, operation);

    const first = (await api.get<any[]>(`/flows?filter[id][_eq]=${id}&fields=operation`))[0];
    if (first.operation !== operationId) await api.patch(`/flows/${id}`, { operation: operationId });
  }
}
