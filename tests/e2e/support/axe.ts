/**
 * axe-core in the page: inject the library shipped in node_modules, run it on the whole document,
 * and describe the serious and critical violations as one line each, so a failing test says
 * which rule broke, what it asks for and where.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The impacts a test refuses; 'minor' and 'moderate' are left to judgement. */
const BLOCKING = ['serious', 'critical'];

/** How many offending elements a line names: enough to find the spot, short enough to read. */
const TARGETS_SHOWN = 3;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Serious and critical violations on the page as it is now, one readable line per rule. */
export async function blockingViolations(page: Page): Promise<string[]> {
  // Evaluated by the browser's tooling, as a script tag would be refused by the page's script policy.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations
    .filter((v) => BLOCKING.includes(v.impact ?? ''))
    .map((v) => {
      const targets = v.nodes.slice(0, TARGETS_SHOWN).map((n) => n.target.map(String).join(' > '));
      const more = v.nodes.length > TARGETS_SHOWN ? ` (+${v.nodes.length - TARGETS_SHOWN} more)` : '';
      return `${v.id} [${v.impact}]: ${v.help} — ${targets.join(' | ')}${more}`;
    });
}
