// Deno workers exit when the stack dies, even by SIGKILL: an orphaned worker would keep its port,
// memory and the function's secrets alive with nothing to stop it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** Child pids of `pid`, read from /proc (Linux). */
function childrenOf(pid: number): number[] {
  const out: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) out.push(Number(entry));
    } catch {
      // the process ended while we looked
    }
  }
  return out;
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`) && !/\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));

describe('function workers and the stack', () => {
  it('a SIGKILLed stack leaves no Deno worker behind', async () => {
    const child = spawn(
      path.join(repoRoot, 'node_modules', '.bin', 'tsx'),
      [path.join(repoRoot, 'tests', 'functions', 'orphan-stack.ts')],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const ready = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the child stack did not start')), 240_000);
      readline.createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('READY ')) {
          clearTimeout(timer);
          resolve(line);
        }
      });
      child.once('exit', (code) => reject(new Error(`the child stack exited (${code})`)));
    });
    const [, pidText, , dataDir] = ready.split(' ');
    const stackPid = Number(pidText);
    const workers = childrenOf(stackPid).filter((pid) => /deno/.test(fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8')));
    expect(workers.length).toBeGreaterThanOrEqual(1);
    process.kill(stackPid, 'SIGKILL');
    await expect.poll(() => workers.filter(alive), { timeout: 20_000, interval: 200 }).toEqual([]);
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 300_000);
});
