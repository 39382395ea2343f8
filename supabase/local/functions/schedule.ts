/**
 * The local stand-in for hosted Supabase's pg_cron + pg_net schedule (docs/deploying.md): calls
 * send-notifications every `everyMs` with the service-role key, so `npm start` users get their
 * notification e-mails. One call at a time; failures are logged once per kind. Stop() ends it.
 */
export function scheduleNotificationDrain(opts: { url: string; serviceRoleKey: string; everyMs: number; log: (msg: string) => void }): {
  stop(): Promise<void>;
} {
  let running: Promise<void> | undefined;
  let lastProblem = '';
  const tick = () => {
    if (running) return;
    running = fetch(`${opts.url}/functions/v1/send-notifications`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${opts.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(120_000),
    })
      .then(async (res) => {
        await res.body?.cancel();
        const problem = res.ok ? '' : `answered ${res.status}`;
        if (problem && problem !== lastProblem) opts.log(`notifications: send-notifications ${problem}`);
        lastProblem = problem;
      })
      .catch((e: Error) => {
        if (e.message !== lastProblem) opts.log(`notifications: send-notifications failed: ${e.message}`);
        lastProblem = e.message;
      })
      .finally(() => (running = undefined));
  };
  const timer = setInterval(tick, opts.everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
