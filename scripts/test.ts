import { spawn } from 'node:child_process';
import path from 'node:path';
import { SHARED_STACK_ENV, startTestStack } from '../tests/setup/stack.global.ts';

/**
 * `npm test`: typecheck, then unit + integration + db + functions, then e2e, all against ONE local
 * stack (random port, temp data dir) that every vitest project reuses through TEST_STACK.
 */
const root = path.resolve(import.meta.dirname, '..');
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
const extra = process.argv.slice(2);

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: 'inherit' });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const started = Date.now();
const results: [string, number][] = [];
results.push(['typecheck', await run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])]);

const { stack, info, cleanup } = await startTestStack(SHARED_STACK_ENV);
const env = { ...process.env, TEST_STACK: JSON.stringify(info) };
try {
  results.push(['unit + integration', await run(bin('vitest'), ['run', '--project', 'unit', '--project', 'integration', ...extra], env)]);
  results.push(['e2e', await run(bin('vitest'), ['run', '--project', 'e2e', '--passWithNoTests', ...extra], env)]);
} finally {
  await stack.stop();
  cleanup();
}
console.log(`\nnpm test finished in ${Math.round((Date.now() - started) / 1000)} s`);
for (const [name, code] of results) console.log(`  ${code === 0 ? 'ok  ' : 'FAIL'} ${name}`);
process.exit(results.every(([, code]) => code === 0) ? 0 : 1);
