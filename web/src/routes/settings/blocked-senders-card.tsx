import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { blockedMutations } from '~shared/data/blocked/mutations.ts';
import { blockedQueries } from '~shared/data/blocked/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import type { BlockedSenderRow } from '~shared/data/types.ts';
import { blockErrorDescription, blockSenderSchema, type BlockSenderInput } from '~shared/schemas/block-sender.ts';
import { Button } from '~shared/ui/button.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showErrorToast, showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import { SettingsSection } from './settings-layout.tsx';

type Kind = BlockSenderInput['kind'];
const KINDS: Array<{ kind: Kind; label: string; placeholder: string; inputMode: 'text' | 'email' | 'tel' }> = [
  { kind: 'username', label: 'Username', placeholder: 'username', inputMode: 'text' },
  { kind: 'email', label: 'Email', placeholder: 'name@example.com', inputMode: 'email' },
  { kind: 'phone', label: 'Phone', placeholder: '+1 555 123 4567', inputMode: 'tel' },
];

function describe(row: BlockedSenderRow): { kind: string; value: string } {
  if (row.blocked_username) return { kind: 'Username', value: `@${row.blocked_username}` };
  if (row.blocked_email) return { kind: 'Email', value: row.blocked_email };
  return { kind: 'Phone', value: row.blocked_phone ?? '' };
}

/** Blocked senders (part 2 §2, §5): block by username, e-mail or phone; newest first with Unblock. */
export function BlockedSendersCard({ userId }: { userId: string }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const list = useQuery(blockedQueries.list(client, userId));
  const block = useMutation(blockedMutations.block(client, queryClient, userId));
  const unblock = useMutation(blockedMutations.unblock(client, queryClient));
  const [kind, setKind] = useState<Kind>('username');
  const [value, setValue] = useState('');

  useEffect(() => {
    if (list.isError) showErrorToast('blocked.load', list.error);
  }, [list.isError, list.error]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = blockSenderSchema.safeParse({ kind, value });
    if (!parsed.success) {
      const title = parsed.error.issues[0]?.message ?? 'Invalid input';
      showToastMessage({ title, description: blockErrorDescription(title) });
      return;
    }
    block.mutate(parsed.data, {
      onSuccess: () => {
        setValue('');
        showSuccessToast('Blocked');
      },
      onError: (error) => showErrorToast('blocked.block', error),
    });
  };

  const current = KINDS.find((k) => k.kind === kind) ?? KINDS[0];
  return (
    <SettingsSection
      title="Blocked senders"
      description="Links shared by people you block never reach you, and they are not told."
      testId="blocked-senders"
    >
      <form onSubmit={submit} noValidate className="grid gap-2 sm:grid-cols-[9rem_minmax(0,1fr)_auto]">
        <label className="sr-only" htmlFor="block-kind">
          Block by
        </label>
        <select id="block-kind" value={kind} onChange={(e) => setKind(e.target.value as Kind)} className={CONTROL_CLASS}>
          {KINDS.map((k) => (
            <option key={k.kind} value={k.kind}>
              {k.label}
            </option>
          ))}
        </select>
        <label className="sr-only" htmlFor="block-value">
          {current.label} to block
        </label>
        <input
          id="block-value"
          className={CONTROL_CLASS}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          placeholder={current.placeholder}
          inputMode={current.inputMode}
          autoComplete="off"
        />
        <Button type="submit" disabled={block.isPending}>
          Block
        </Button>
      </form>
      {list.isPending ? (
        <p className="text-sm text-muted-foreground">Loading…</p>
      ) : list.data?.length ? (
        <ul className="divide-y divide-border rounded-lg border border-border" data-testid="blocked-list">
          {list.data.map((row) => {
            const { kind: label, value: shown } = describe(row);
            return (
              <li key={row.id} className="flex items-center justify-between gap-3 px-3 py-2" data-testid="blocked-row">
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium">{shown}</p>
                  <p className="text-xs text-muted-foreground">{label}</p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  disabled={unblock.isPending && unblock.variables === row.id}
                  onClick={() =>
                    unblock.mutate(row.id, {
                      onSuccess: () => showSuccessToast('Unblocked'),
                      onError: (error) => showErrorToast('blocked.unblock', error),
                    })
                  }
                  aria-label={`Unblock ${shown}`}
                >
                  Unblock
                </Button>
              </li>
            );
          })}
        </ul>
      ) : list.isError ? null : (
        <p className="text-sm text-muted-foreground">You have not blocked anyone.</p>
      )}
    </SettingsSection>
  );
}
