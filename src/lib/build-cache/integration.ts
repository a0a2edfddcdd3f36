/** Holds the build open until the pages it kept from the previous build are linked in (page-reuse.ts). */
import type { AstroIntegration } from 'astro';
import { keptPagesLinked } from './page-reuse.ts';

export default function keptPages(): AstroIntegration {
  return { name: 'kept-pages', hooks: { 'astro:build:done': keptPagesLinked } };
}
