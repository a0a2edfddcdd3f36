/**
 * A reporter that appends each test file's time, its hooks included, as one JSON line to the file
 * named by FILE_TIMES_OUT; `npm test` prints the slowest files at its end. The JSON reporter's times
 * span only the tests, while a backend started in beforeAll is most of some files' time.
 */
import { appendFileSync } from 'node:fs';
import type { Reporter, TestModule } from 'vitest/node';

export default class FileTimesReporter implements Reporter {
  onTestModuleEnd(module: TestModule): void {
    const out = process.env.FILE_TIMES_OUT;
    if (!out) return;
    const d = module.diagnostic();
    appendFileSync(out, `${JSON.stringify({ file: module.moduleId, ms: d.collectDuration + d.setupDuration + d.duration })}\n`);
  }
}
