/**
 * Registers island-renderer.ts as the first renderer, so Astro hands it every React component before asking
 * @astrojs/react's; that integration still brings the JSX setup and the browser half.
 */
import type { AstroIntegration } from 'astro';

export default function reactIslandsRenderer(): AstroIntegration {
  return {
    name: 'site:react-islands-renderer',
    hooks: {
      'astro:config:setup': ({ addRenderer }) => {
        addRenderer({
          name: 'site:react',
          serverEntrypoint: new URL('./island-renderer.ts', import.meta.url),
          clientEntrypoint: '@astrojs/react/client.js',
        });
      },
    },
  };
}
