import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import path from 'node:path';

const alias = { '~shared': path.resolve(import.meta.dirname, 'shared') };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        plugins: [react()],
        resolve: { alias },
        test: {
          name: 'unit',
          // Projects with different worker limits need their own group: unit runs first, then integration.
          sequence: { groupOrder: 0 },
          setupFiles: ['tests/setup/node-websocket.ts'],
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          sequence: { groupOrder: 1 },
          setupFiles: ['tests/setup/node-websocket.ts'],
          include: ['tests/integration/**/*.test.ts', 'tests/db/**/*.test.ts', 'tests/functions/**/*.test.ts'],
          globalSetup: ['tests/setup/stack.global.ts'],
          testTimeout: 30_000,
          // A fresh migrated PGlite per db file (tests/db/harness.ts) takes over a minute on a loaded 2-core machine.
          hookTimeout: 180_000,
          // One shared stack; PGlite serialises queries anyway, and these machines have 2 cores.
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          sequence: { groupOrder: 2 },
          setupFiles: ['tests/setup/node-websocket.ts'],
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/setup/stack.global.ts', 'tests/setup/web.global.ts', 'tests/setup/ext.global.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'load',
          // Tests that time another user's reads under an attack: they need the machine and the
          // stack to themselves, so they run last, one file at a time, with nothing else running.
          sequence: { groupOrder: 3 },
          setupFiles: ['tests/setup/node-websocket.ts'],
          include: ['tests/load/**/*.test.ts'],
          globalSetup: ['tests/setup/stack.global.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
