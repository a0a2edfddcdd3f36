/** The bundle's backend side: the change hook and the /site-rebuild endpoint. */
import hook from './hook.ts';
import endpoint from './endpoint.ts';

export default {
  hooks: [{ name: 'site-rebuild-hook', config: hook }],
  endpoints: [{ name: 'site-rebuild-endpoint', config: endpoint }],
  operations: [],
};
