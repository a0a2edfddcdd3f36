import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { processesHolding } from '../../scripts/lib/backup/open-files.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'open-files-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(process.platform === 'linux')('processes holding a file open', () => {
  it('finds this process while it holds the file, and no one once it is closed', () => {
    const file = path.join(dir, 'database.sqlite');
    writeFileSync(file, 'x');
    const fd = openSync(file, 'r');
    expect(processesHolding([file])?.map((h) => h.pid)).toContain(process.pid);
    closeSync(fd);
    expect(processesHolding([file])).toEqual([]);
  });

  it('ignores files that are not there', () => {
    expect(processesHolding([path.join(dir, 'missing.sqlite')])).toEqual([]);
  });
});
