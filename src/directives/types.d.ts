import 'astro';

declare module 'astro' {
  interface AstroClientDirectives {
    /** Hydrates only for someone signed in (src/directives/signed-in.ts). */
    'client:signed-in'?: boolean;
  }
}
