/**
 * Lets esbuild bundle Vue single-file components for the admin app's extensions, with the compiler
 * Vue itself ships (@vue/compiler-sfc): the script (setup, TypeScript) with its template inlined, and
 * the styles injected when the module loads. Enough for the admin modules here; no hot reload.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Plugin } from 'esbuild';
import { compileScript, compileStyle, parse } from '@vue/compiler-sfc';

export function vuePlugin(): Plugin {
  return {
    name: 'vue-sfc',
    setup(build) {
      build.onLoad({ filter: /\.vue$/ }, async ({ path: filename }) => {
        const source = await readFile(filename, 'utf8');
        const { descriptor, errors } = parse(source, { filename });
        if (errors.length) return { errors: errors.map((e) => ({ text: String(e instanceof Error ? e.message : e) })) };
        const id = createHash('sha256').update(filename).digest('hex').slice(0, 8);
        const scoped = descriptor.styles.some((s) => s.scoped);
        const script = compileScript(descriptor, { id, inlineTemplate: true, genDefaultAs: '__component', templateOptions: { scoped } });
        const css = descriptor.styles
          .map((s) => compileStyle({ source: s.content, filename, id: `data-v-${id}`, scoped: s.scoped }).code)
          .join('\n');
        const lines = [script.content];
        if (scoped) lines.push(`__component.__scopeId = ${JSON.stringify(`data-v-${id}`)};`);
        if (css) {
          lines.push(
            `{ const style = document.createElement('style'); style.dataset.vue = ${JSON.stringify(id)}; style.textContent = ${JSON.stringify(css)}; document.head.append(style); }`,
          );
        }
        lines.push('export default __component;');
        return { contents: lines.join('\n'), loader: script.lang === 'ts' ? 'ts' : 'js' };
      });
    },
  };
}
