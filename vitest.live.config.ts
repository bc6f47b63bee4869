// The opt-in live suite (`npm run test:live`): tests/live/ against the real FHIR server ONCOAGENT_LIVE_* names (see
// README "Connecting to your EHR"). Its own configuration, so `npm test` never runs it; skipped when unset.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'live',
    include: ['tests/live/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 300_000,
    hookTimeout: 120_000,
  },
});
