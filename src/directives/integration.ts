/** The site's own `client:` directives (see each file). Astro bundles them from a path, not a URL. */
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export default function siteDirectives(): AstroIntegration {
  return {
    name: 'site:client-directives',
    hooks: {
      'astro:config:setup': ({ addClientDirective }) => {
        addClientDirective({ name: 'signed-in', entrypoint: fileURLToPath(new URL('./signed-in.ts', import.meta.url)) });
      },
    },
  };
}
