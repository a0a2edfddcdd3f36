/** The signed-in reader's own profile, as use-viewer.ts loads it on demand: a visitor's page never does. */
export { $me, $meStatus, loadMe } from '../account/index.ts';
