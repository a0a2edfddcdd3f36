/**
 * A reporter that appends each test that passed only on a second try, as one JSON line, to the file
 * named by SECOND_TRIES_OUT; `npm test` names them at its end, so a test that fails now and then
 * stays in view even when its retry passed.
 */
import { appendFileSync } from 'node:fs';
import type { Reporter, TestCase } from 'vitest/node';

export default class SecondTriesReporter implements Reporter {
  onTestCaseResult(test: TestCase): void {
    const out = process.env.SECOND_TRIES_OUT;
    if (!out || !test.diagnostic()?.flaky) return;
    appendFileSync(out, `${JSON.stringify({ file: test.module.moduleId, name: test.fullName })}\n`);
  }
}
