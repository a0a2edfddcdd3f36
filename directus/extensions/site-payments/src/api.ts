/** The bundle's backend side: the /payment endpoint and the hook that keeps plans exact. */
import hook from './hook.ts';
import endpoint from './endpoint.ts';

export default {
  hooks: [{ name: 'site-payments-hook', config: hook }],
  endpoints: [{ name: 'payment', config: endpoint }],
  operations: [],
};
