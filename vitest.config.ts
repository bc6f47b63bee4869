// Test projects, all run by `npm test`: a fast `unit` pyramid base (no sockets, no child processes), `int` (real
// servers, worker threads, the app's code against the real server code), the seeded `security` suite and `e2e` in a
// real browser. `npm run test:unit` runs only the first.
import { defineConfig } from 'vitest/config';

const BESIDE_THE_CODE = ['server', 'common', 'src', 'scripts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [...BESIDE_THE_CODE.map((d) => `${d}/**/*.test.{ts,tsx}`), 'tests/architecture/**/*.test.ts'],
          exclude: ['**/node_modules/**', '**/*.int.test.{ts,tsx}'],
          setupFiles: ['tests/support/unit-guard.ts'],
          isolate: false,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'int',
          include: [...BESIDE_THE_CODE.map((d) => `${d}/**/*.int.test.{ts,tsx}`), 'tests/app/**/*.test.{ts,tsx}'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // The seeded abuse and fuzz suite (tests/security): fixed seeds, bounded case counts.
        test: {
          name: 'security',
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.e2e.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
