import { defineConfig } from 'vitest/config';

// Two projects: `unit` is the tests beside the code in src/ (no build, browser, PostgreSQL or
// network; seconds), `e2e` is the top-level test/ folder (the real server over HTTP, the built site
// in Chromium, the stores, the sandbox, the commands and the detection corpus). `npm run test:unit`
// runs the first, `npm run test:e2e` builds and runs the second, `npm test` runs both.
export default defineConfig({
  test: {
    exclude: ['node_modules', 'dist', 'generated', 'src/pages/**'],
    testTimeout: 20_000,
    projects: [
      {
        extends: true,
        // The unit tests share no mutable module state (no vi.mock, no stubbed env), so one module
        // graph per thread is safe and takes the run from minutes to seconds.
        test: { name: 'unit', include: ['src/**/*.test.ts'], pool: 'threads', isolate: false },
      },
      { extends: true, test: { name: 'e2e', include: ['test/**/*.test.ts'] } },
    ],
  },
});
