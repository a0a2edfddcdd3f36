// The public site: static pages built from Directus, with React islands where people interact.
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

export default defineConfig({
  output: 'static',
  integrations: [react()],
  server: { port: Number(process.env.SITE_PORT ?? 4321), host: '127.0.0.1' },
});
