import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SHARED_STACK_ENV, startTestStack } from '../tests/setup/stack.global.ts';

/**
 * `npm test`: format check, lint, dead code (knip), typecheck, the edge functions' deno check and lint; then unit +
 * integration + db + functions, then e2e, then the load tests, all against ONE local stack (random port, temp data dir)
 * that every vitest project reuses through TEST_STACK.
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

/** The failed tests of one vitest run, read from its JSON report, so the summary at the end names them. */
const reports = mkdtempSync(path.join(os.tmpdir(), 'linkvault-test-'));
const failures: string[] = [];
type JsonReport = {
  testResults?: { name: string; message?: string; assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[] }[];
};

function vitest(project: string, env: NodeJS.ProcessEnv): Promise<number> {
  const out = path.join(reports, `${project}.json`);
  const projects = project.split('+').flatMap((name) => ['--project', name]);
  const args = ['run', ...projects, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`, ...extra];
  return run(bin('vitest'), args, env).then((code) => {
    if (code !== 0) failures.push(...failedTests(out));
    return code;
  });
}

function failedTests(file: string): string[] {
  let report: JsonReport;
  try {
    report = JSON.parse(readFileSync(file, 'utf8')) as JsonReport;
  } catch {
    return [];
  }
  const firstLine = (text = '') => text.split('\n').find((line) => line.trim() !== '') ?? '';
  return (report.testResults ?? []).flatMap((suite) => {
    const where = path.relative(root, suite.name);
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    if (failed.length === 0 && suite.message) return [`${where}: ${firstLine(suite.message)}`];
    return failed.map((test) => `${where} > ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
  });
}

const started = Date.now();
const results: [string, number][] = [];
results.push(['format (prettier --check)', await run(bin('prettier'), ['--check', '--log-level', 'warn', '.'])]);
results.push(['lint (eslint)', await run(bin('eslint'), ['--max-warnings', '0', '.'])]);
results.push(['dead code (knip)', await run(bin('knip'), [])]);
results.push(['typecheck', await run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit'])]);
results.push(['edge functions (deno check + lint)', await run(bin('tsx'), ['scripts/check-functions.ts'])]);

const { stack, info, cleanup } = await startTestStack(SHARED_STACK_ENV);
const env = { ...process.env, TEST_STACK: JSON.stringify(info) };
try {
  results.push(['unit + integration', await vitest('unit+integration', env)]);
  results.push(['e2e', await vitest('e2e', env)]);
  // Alone on the machine and the stack: these time another user's reads under load.
  results.push(['load (fairness under attack)', await vitest('load', env)]);
} finally {
  await stack.stop();
  cleanup();
}
console.log(`\nnpm test finished in ${Math.round((Date.now() - started) / 1000)} s`);
for (const [name, code] of results) console.log(`  ${code === 0 ? 'ok  ' : 'FAIL'} ${name}`);
// The end of the output is what a CI log keeps: name what failed there.
if (failures.length > 0) console.log(`\nFailed tests:\n${failures.map((line) => `  ${line.slice(0, 300)}`).join('\n')}`);
rmSync(reports, { recursive: true, force: true });
process.exit(results.every(([, code]) => code === 0) ? 0 : 1);
