/// <reference path="./vue-shim.d.ts" />
/**
 * The admin app's 'Сайт' module: the state of the site's build and a button to rebuild now. Listed for
 * editors and administrators; the endpoint behind it checks the role on every call.
 */
import { defineModule } from '@directus/extensions-sdk';
import { EDITOR_ROLE } from '../../../../access/policies.ts';
import SitePage from './SitePage.vue';

export default defineModule({
  id: 'site',
  name: 'Сайт',
  icon: 'web',
  routes: [{ path: '', component: SitePage }],
  preRegisterCheck(user) {
    const role: unknown = user.role;
    const roleId = role && typeof role === 'object' && 'id' in role ? role.id : role;
    return user.admin_access || roleId === EDITOR_ROLE;
  },
});
