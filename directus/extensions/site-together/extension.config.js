/** Directus's extension toolkit reads this: the same build for every extension here. */
export { default } from '../shared/extension-config.js';
