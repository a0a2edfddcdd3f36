/** `node scripts/pictures.ts`: draws public/share.png and public/favicon.ico again (scripts/lib/site-pictures.ts). */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './lib/paths.ts';
import { faviconIco, sharePicture } from './lib/site-pictures.ts';

if (import.meta.url === `file://${process.argv[1]}`) {
  const publicDir = path.join(ROOT, 'public');
  writeFileSync(path.join(publicDir, 'share.png'), await sharePicture());
  writeFileSync(path.join(publicDir, 'favicon.ico'), await faviconIco(readFileSync(path.join(publicDir, 'favicon.svg'))));
  console.log('Wrote public/share.png and public/favicon.ico');
}
