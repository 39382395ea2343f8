import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiTokenMutations } from '~shared/data/api-tokens/mutations.ts';
import { apiTokenQueries } from '~shared/data/api-tokens/queries.ts';
import type { ApiTokenRow, CreatedApiToken } from '~shared/data/api-tokens/api.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { API_LIMITS, API_TOKEN_SCOPE_LABELS, API_TOKEN_SCOPES, type ApiTokenScope } from '~shared/rules/api-tokens.ts';
import { Button } from '~shared/ui/button.tsx';
import { ConfirmDialog } from '~shared/ui/confirm-dialog.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showErrorToast, showSuccessToast } from '~shared/ui/toast.ts';
import { SettingsSection } from './settings-layout.tsx';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');

function TokenRow({ token, onRevoke }: { token: ApiTokenRow; onRevoke: (token: ApiTokenRow) => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="api-token-row">
      <div className="grid min-w-0 gap-0.5">
        <span className="font-medium break-all">{token.name}</span>
        <span className="text-xs text-muted-foreground">
          <code>{token.token_prefix}…</code> · {API_TOKEN_SCOPE_LABELS[token.scope]} · Created {when(token.created_at)}
        </span>
        <span className="text-xs text-muted-foreground">Last used: {when(token.last_used_at)}</span>
      </div>
      {token.revoked_at ? (
        <span className="text-xs font-medium text-muted-foreground">Revoked {when(token.revoked_at)}</span>
      ) : (
        <Button variant="outline" size="sm" onClick={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
          Revoke
        </Button>
      )}
    </li>
  );
}

/**
 * Personal API tokens for the links-api function: create (name, scope; the token is shown once),
 * the list with last use, revoke. The curl lines use this build's API URL.
 */
export function ApiTokensCard({ userId }: { userId: string }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const tokens = useQuery(apiTokenQueries.list(client, userId));
  const create = useMutation(apiTokenMutations.create(client, queryClient));
  const revoke = useMutation(apiTokenMutations.revoke(client, queryClient));
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [nameError, setNameError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenRow | null>(null);
  const endpoint = `${import.meta.env.VITE_SUPABASE_URL ?? ''}/functions/v1/links-api`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setNameError('Name the token');
      return;
    }
    setNameError(null);
    create.mutate(
      { name, scope },
      {
        onSuccess: (token) => {
          setCreated(token);
          setName('');
        },
        onError: (error) => showErrorToast('account.controls', error),
      },
    );
  };

  return (
    <SettingsSection
      title="Personal API tokens"
      description={`Let scripts and other apps list, search and save your links. Up to ${API_LIMITS.activeTokensMax} active tokens; ${API_LIMITS.requestsPerMinute} calls a minute.`}
      testId="integrations-api-tokens"
    >
      <form onSubmit={submit} className="grid gap-3" aria-label="Create a token" noValidate>
        <div className="grid gap-1.5">
          <label htmlFor="api-token-name" className="text-sm font-medium">
            Token name
          </label>
          <input
            id="api-token-name"
            className={CONTROL_CLASS}
            value={name}
            maxLength={API_LIMITS.nameMax}
            placeholder="e.g. My reading script"
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? 'api-token-name-error' : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {nameError ? (
            <p id="api-token-name-error" className="text-xs text-destructive">
              {nameError}
            </p>
          ) : null}
        </div>
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">Scope</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {API_TOKEN_SCOPES.map((value) => (
              <label key={value} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="api-token-scope"
                  value={value}
                  checked={scope === value}
                  onChange={() => setScope(value)}
                  className="h-4 w-4 accent-primary"
                />
                {API_TOKEN_SCOPE_LABELS[value]}
              </label>
            ))}
          </div>
        </fieldset>
        <Button type="submit" className="w-fit" disabled={create.isPending}>
          Create token
        </Button>
      </form>

      {created ? (
        <div
          role="status"
          className="grid gap-2 rounded-md border border-warning/50 bg-warning/10 p-3 text-sm"
          data-testid="api-token-created"
        >
          <p className="font-medium">Copy your new token now: it is shown only once.</p>
          <code className="block rounded bg-muted px-2 py-1.5 text-xs break-all" data-testid="api-token-value">
            {created.token}
          </code>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                void navigator.clipboard.writeText(created.token).then(
                  () => showSuccessToast('Token copied'),
                  (error: unknown) => showErrorToast('account.controls', error),
                )
              }
            >
              Copy token
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setCreated(null)}>
              Done
            </Button>
          </div>
        </div>
      ) : null}

      {tokens.isError ? <p className="text-sm text-destructive">Failed to load your tokens. Please try again.</p> : null}
      {tokens.data && tokens.data.length === 0 ? <p className="text-sm text-muted-foreground">No tokens yet.</p> : null}
      {tokens.data && tokens.data.length > 0 ? (
        <ul className="divide-y divide-border" aria-label="Your tokens">
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={setRevoking} />
          ))}
        </ul>
      ) : null}

      <details className="text-sm">
        <summary className="cursor-pointer font-medium">How to call the API</summary>
        <pre className="mt-2 overflow-x-auto rounded bg-muted p-3 text-xs" data-testid="api-curl">
          {`# list (or search: ?q=words)\ncurl -H "Authorization: Bearer $LINKVAULT_TOKEN" \\\n  "${endpoint}?q=recipes&limit=20"\n\n# save (read and write tokens)\ncurl -X POST -H "Authorization: Bearer $LINKVAULT_TOKEN" \\\n  -H "Content-Type: application/json" \\\n  -d '{"url":"https://example.com","title":"Example"}' \\\n  "${endpoint}"`}
        </pre>
      </details>

      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => !open && setRevoking(null)}
        title="Revoke token"
        description={revoking ? `Apps using "${revoking.name}" stop working at once. This cannot be undone.` : ''}
        confirmLabel="Revoke"
        cancelLabel="Cancel"
        destructive
        onConfirm={async () => {
          if (!revoking) return;
          try {
            await revoke.mutateAsync(revoking.id);
            showSuccessToast('Token revoked');
          } catch (error) {
            showErrorToast('account.controls', error);
            throw error;
          }
        }}
      />
    </SettingsSection>
  );
}
