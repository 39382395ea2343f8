import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { Category } from '~shared/data/categories/api.ts';
import { removeFolderMember, setFolderMemberRole, type FolderMember, type FolderRole } from '~shared/data/folder-members/api.ts';
import { inviteFolderMember } from '~shared/data/folder-members/invite.ts';
import { folderMemberKeys } from '~shared/data/folder-members/keys.ts';
import { folderMemberQueries } from '~shared/data/folder-members/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';
import { folderInviteSchema } from '~shared/schemas/folder-invite.ts';
import { Button } from '~shared/ui/button.tsx';
import { Dialog } from '~shared/ui/dialog.tsx';
import { CONTROL_CLASS } from '~shared/ui/field-classes.ts';
import { showErrorToast, showSuccessToast, showToastMessage } from '~shared/ui/toast.ts';
import { PublishFolderPanel } from './publish-folder-panel.tsx';

/** part 2 §2: a folder's URL is {origin}/category/{id}. */
export const folderUrl = (origin: string, id: string) => `${origin}/category/${id}`;

const ROLE_LABEL: Record<FolderRole, string> = { viewer: 'Viewer', editor: 'Editor' };

/**
 * 'Share folder': invite people by username or e-mail as viewers (read only) or editors (add, edit,
 * move and delete links, create and rename subfolders), see who has access, change roles, remove
 * people; the folder's URL, which opens for its owner and its members; and publishing it read-only
 * to the web (PublishFolderPanel).
 */
export function ShareFolderDialog({ folder, onClose }: { folder: Category | null; onClose: () => void }) {
  const inputId = useId();
  const url = folder ? folderUrl(window.location.origin, folder.id) : '';
  const shareable = folder !== null && !folder.system_key && !folder.is_default;

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      showSuccessToast('Folder link copied', url);
    } catch {
      showToastMessage({ title: 'Error', description: 'Could not copy. Select the address and copy it yourself.' });
    }
  }

  return (
    <Dialog
      open={folder !== null}
      onOpenChange={(open) => !open && onClose()}
      title={folder ? `Share Folder: ${folder.name}` : 'Share Folder'}
    >
      <div className="grid gap-5">
        {folder && shareable ? <FolderMembersPanel folderId={folder.id} /> : null}
        <div className="grid gap-2">
          <label htmlFor={inputId} className="text-sm font-medium">
            Folder URL
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              readOnly
              value={url}
              onFocus={(event) => event.target.select()}
              className={CONTROL_CLASS}
              data-testid="folder-url"
            />
            <Button onClick={copy}>Copy</Button>
          </div>
          <p className="text-xs text-muted-foreground">
            {shareable
              ? 'Opens for you and the people you share this folder with.'
              : 'Only you can open this folder; the address is handy for your bookmarks and your other devices.'}
          </p>
        </div>
        {folder && shareable && folder.user_id ? (
          <PublishFolderPanel folderId={folder.id} ownerId={folder.user_id} />
        ) : folder ? (
          <p className="border-t border-border pt-4 text-xs text-muted-foreground">Default folders cannot be published to the web.</p>
        ) : null}
      </div>
    </Dialog>
  );
}

function FolderMembersPanel({ folderId }: { folderId: string }) {
  const client = useDataClient();
  const queryClient = useQueryClient();
  const members = useQuery(folderMemberQueries.members(client, folderId));
  const recipientId = useId();
  const roleId = useId();
  const errorId = useId();
  const [recipient, setRecipient] = useState('');
  const [role, setRole] = useState<FolderRole>('viewer');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: folderMemberKeys.members(folderId) });

  async function invite(event: FormEvent) {
    event.preventDefault();
    const parsed = folderInviteSchema.safeParse({ recipient, role });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the invitation.');
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await inviteFolderMember(client, folderId, { recipient, role });
      // Same words for every address: whether an account has it is never shown.
      showSuccessToast('Invitation sent', `${parsed.data.recipient} can accept it from their dashboard.`);
      setRecipient('');
      await refresh();
    } catch (e) {
      showErrorToast('folderMembers.invite', e);
    } finally {
      setBusy(false);
    }
  }

  async function changeRole(member: FolderMember, next: FolderRole) {
    try {
      await setFolderMemberRole(client, member.id, next);
      showSuccessToast('Role changed', `${memberName(member)} is now ${ROLE_LABEL[next].toLowerCase()}.`);
    } catch (e) {
      showErrorToast('folderMembers.update', e);
    } finally {
      await refresh();
    }
  }

  async function remove(member: FolderMember) {
    try {
      await removeFolderMember(client, member.id);
      showSuccessToast(member.status === 'member' ? 'Member removed' : 'Invitation withdrawn', memberName(member));
    } catch (e) {
      showErrorToast('folderMembers.remove', e);
    } finally {
      await refresh();
    }
  }

  return (
    <section className="grid gap-3" aria-labelledby={`${recipientId}-heading`}>
      <h3 id={`${recipientId}-heading`} className="text-sm font-semibold">
        People with access
      </h3>
      <form className="grid gap-2" onSubmit={invite} noValidate>
        <label htmlFor={recipientId} className="text-sm font-medium">
          Invite by username or e-mail
        </label>
        <div className="grid gap-2 sm:grid-cols-[minmax(0,1fr)_8rem_auto]">
          <input
            id={recipientId}
            value={recipient}
            onChange={(event) => setRecipient(event.target.value)}
            placeholder="@username or name@example.com"
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={CONTROL_CLASS}
            data-testid="folder-invite-recipient"
          />
          <label htmlFor={roleId} className="sr-only">
            Role
          </label>
          <select
            id={roleId}
            value={role}
            onChange={(event) => setRole(event.target.value === 'editor' ? 'editor' : 'viewer')}
            className={CONTROL_CLASS}
            data-testid="folder-invite-role"
          >
            <option value="viewer">Viewer</option>
            <option value="editor">Editor</option>
          </select>
          <Button type="submit" disabled={busy}>
            {busy ? 'Inviting…' : 'Invite'}
          </Button>
        </div>
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        <p className="text-xs text-muted-foreground">
          Viewers see the folder and its links. Editors also add, edit, move and delete links and create subfolders. Links they add stay in
          your library.
        </p>
      </form>
      {members.isPending ? (
        <p className="text-sm text-muted-foreground">Loading members…</p>
      ) : members.isError ? (
        <p role="alert" className="text-sm text-destructive">
          Could not load the members.{' '}
          <button type="button" className="underline" onClick={() => void members.refetch()}>
            Retry
          </button>
        </p>
      ) : members.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Only you have access to this folder.</p>
      ) : (
        <ul className="grid gap-2" data-testid="folder-members">
          {members.data.map((member) => (
            <MemberRow key={member.id} member={member} onRole={changeRole} onRemove={remove} />
          ))}
        </ul>
      )}
    </section>
  );
}

const memberName = (member: FolderMember) => (member.username ? `@${member.username}` : (member.invited_email ?? 'Invitation'));

function MemberRow({
  member,
  onRole,
  onRemove,
}: {
  member: FolderMember;
  onRole: (member: FolderMember, role: FolderRole) => Promise<void>;
  onRemove: (member: FolderMember) => Promise<void>;
}) {
  const roleId = useId();
  const name = memberName(member);
  return (
    <li
      className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-background/60 px-3 py-2"
      data-testid="folder-member"
      data-name={name}
    >
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" title={name}>
          {name}
        </p>
        <p className="text-xs text-muted-foreground">{member.status === 'member' ? 'Member' : 'Invitation pending'}</p>
      </div>
      <label htmlFor={roleId} className="sr-only">
        {`Role of ${name}`}
      </label>
      <div className="w-28 shrink-0">
        <select
          id={roleId}
          value={member.role}
          onChange={(event) => void onRole(member, event.target.value === 'editor' ? 'editor' : 'viewer')}
          className={CONTROL_CLASS}
          data-testid="folder-member-role"
        >
          <option value="viewer">Viewer</option>
          <option value="editor">Editor</option>
        </select>
      </div>
      <Button variant="outline" size="sm" onClick={() => void onRemove(member)} aria-label={`Remove ${name}`}>
        Remove
      </Button>
    </li>
  );
}
