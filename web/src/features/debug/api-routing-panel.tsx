import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { currentAccessToken } from '~shared/data/session.ts';
import { roleQueries } from '~shared/data/roles/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { Button } from '~shared/ui/button.tsx';
import { LoaderIcon } from '~shared/ui/icons.tsx';

interface ProbeResult {
  name: string;
  status: string;
  ok: boolean;
  detail: string;
}

/** Each probe: the web server's routes (part 2 §7 'Debug helper'). None of them saves anything. */
const PROBES: { name: string; run: (token: string | null) => Promise<Response> }[] = [
  { name: 'POST /api/health', run: (token) => fetch('/api/health', { method: 'POST', headers: bearer(token) }) },
  {
    name: 'POST /api/echo',
    run: (token) =>
      fetch('/api/echo', {
        method: 'POST',
        headers: { ...bearer(token), 'Content-Type': 'application/json' },
        body: JSON.stringify({ probe: 'debug' }),
      }),
  },
  // An empty URL: the function answers 400 'URL is required', which proves the route without saving a link.
  {
    name: 'POST /api/links/share-incoming (empty url: expects 400)',
    run: (token) =>
      fetch('/api/links/share-incoming', {
        method: 'POST',
        headers: { ...bearer(token), 'Content-Type': 'application/json' },
        body: JSON.stringify({ url: '', source: 'generic' }),
      }),
  },
  {
    name: 'POST /share/receive (expects a redirect)',
    run: () =>
      fetch('/share/receive', {
        method: 'POST',
        body: new URLSearchParams({ url: 'https://example.com/debug-probe', source: 'generic', method: 'web_share_target' }),
        redirect: 'manual',
      }),
  },
];

/**
 * `npm run dev` (Vite's dev server, mode 'development'). Not import.meta.env.DEV: that also holds for
 * a production build made with NODE_ENV=test (the e2e tests build under vitest).
 */
const DEV_BUILD = import.meta.env.MODE === 'development';

function bearer(token: string | null): Record<string, string> {
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/**
 * The spec's debug API-routing test panel, "marked as to be removed": only in development builds
 * (`npm run dev`) or for admins, never for ordinary users.
 */
export function ApiRoutingPanel({ userId }: { userId: string }) {
  const client = useDataClient();
  const isAdmin = useQuery({ ...roleQueries.isAdmin(client, userId), enabled: !DEV_BUILD });
  const [results, setResults] = useState<ProbeResult[]>([]);
  const [running, setRunning] = useState(false);
  if (!DEV_BUILD && isAdmin.data !== true) return null;

  async function runAll() {
    setRunning(true);
    const token = await currentAccessToken(client);
    const out: ProbeResult[] = [];
    for (const probe of PROBES) {
      try {
        const res = await probe.run(token);
        const redirect = res.type === 'opaqueredirect';
        const text = redirect ? '' : await res.text();
        out.push({
          name: probe.name,
          status: redirect ? 'redirect' : String(res.status),
          ok: redirect || res.status < 500,
          detail: text.slice(0, 160),
        });
      } catch (error) {
        out.push({ name: probe.name, status: 'network error', ok: false, detail: (error as Error).message });
      }
      setResults([...out]);
    }
    setRunning(false);
  }

  return (
    <details
      className="rounded-xl border border-dashed border-warning/70 bg-card/90 p-4 text-sm text-card-foreground"
      data-testid="api-routing-panel"
    >
      <summary className="cursor-pointer font-medium">API routing test (debug: development builds and admins only)</summary>
      <div className="mt-3 grid gap-3">
        <Button size="sm" variant="outline" className="justify-self-start" onClick={() => void runAll()} disabled={running}>
          {running ? <LoaderIcon size={14} className="animate-spin" /> : null}
          Run routing tests
        </Button>
        {results.length ? (
          <ul className="grid gap-1 font-mono text-xs">
            {results.map((result) => (
              <li key={result.name} className={result.ok ? 'text-foreground' : 'text-destructive'}>
                {result.ok ? '✓' : '✗'} {result.name} → {result.status}{' '}
                {result.detail ? <span className="text-muted-foreground">{result.detail}</span> : null}
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </details>
  );
}
