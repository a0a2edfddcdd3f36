/** Every page leaves the build with its own script policy (site-build/script-policy.ts). */
import { defineMiddleware } from 'astro:middleware';
import { withScriptPolicy } from './site-build/script-policy.ts';

export const onRequest = defineMiddleware(async (_context, next) => {
  const response = await next();
  if (!response.headers.get('content-type')?.startsWith('text/html')) return response;
  return new Response(withScriptPolicy(new Uint8Array(await response.arrayBuffer())), response);
});
