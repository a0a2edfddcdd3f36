/// <reference path="./vue-shim.d.ts" />
/**
 * The admin app's slug field: a new row's slug is shown made from its name as the editor types it
 * (the backend makes the same one when it is left empty), and stays editable by hand.
 */
import { defineInterface } from '@directus/extensions-sdk';
import { SLUG_INTERFACE } from '../../../schema/define.ts';
import SlugInput from './SlugInput.vue';

export default defineInterface({
  id: SLUG_INTERFACE,
  name: 'Адрес из названия',
  icon: 'link',
  description: 'Адрес страницы, который заполняется из названия',
  component: SlugInput,
  types: ['string'],
  options: [
    { field: 'from', name: 'Из поля', type: 'string', meta: { width: 'half', interface: 'input' } },
  ],
});
