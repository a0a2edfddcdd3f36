/** The flow behind view registration: `POST /flows/trigger/{VIEW_FLOW_ID}` with `{ titleId }`. */
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

export async function applyFlows(api: AdminApi): Promise<void> {
  const flows = await api.get<any[]>(`/flows?filter[id][_eq]=${VIEW_FLOW_ID}&fields=*`);
  if (!flows.length) await api.post('/flows', { id: VIEW_FLOW_ID, ...FLOW });
  else if (!covers(flows[0], FLOW)) await api.patch(`/flows/${VIEW_FLOW_ID}`, FLOW);

  const ops = await api.get<any[]>(`/operations?filter[id][_eq]=${VIEW_OPERATION_ID}&fields=*`);
  if (!ops.length) await api.post('/operations', { id: VIEW_OPERATION_ID, flow: VIEW_FLOW_ID, ...OPERATION });
  else if (!covers(ops[0], OPERATION)) await api.patch(`/operations/${VIEW_OPERATION_ID}`, OPERATION);

  const flow = (await api.get<any[]>(`/flows?filter[id][_eq]=${VIEW_FLOW_ID}&fields=operation`))[0];
  if (flow.operation !== VIEW_OPERATION_ID) await api.patch(`/flows/${VIEW_FLOW_ID}`, { operation: VIEW_OPERATION_ID });
}
