import { defineConfig } from 'vitest/config';
export default defineConfig({
  test: { include: ['tests/api/**/*.test.ts'], exclude: ['tests/api/production/**'], globalSetup: ['/tmp/dev/setup.ts'], testTimeout: 60_000, hookTimeout: 180_000, fileParallelism: false },
});
