import { useQuery } from '@tanstack/react-query';
import type { AccountControls } from '~shared/data/account/api.ts';
import { accountQueries } from '~shared/data/account/queries.ts';
import { useDataClient } from '~shared/data/provider.tsx';

/**
 * Why the user's share actions are off, or undefined when they may share. The privacy switches are
 * enforced, not decorative: while one is off the share controls are greyed out with this reason.
 */
export function shareOffReason(controls: AccountControls | undefined): string | undefined {
  if (!controls) return undefined;
  if (controls.deactivated_at) return 'Sharing is off while your account is deactivated (Settings › Privacy & Security).';
  if (controls.sharing_disabled) return 'Sharing is turned off in Settings › Privacy & Security.';
  return undefined;
}

/**
 * The share buttons grey out while sharing is off; the server refuses such a share anyway, this only
 * keeps the user from starting one. Same query as the Privacy page, so a switch there updates the cards.
 */
export function useShareOff(userId: string, enabled = true): string | undefined {
  const client = useDataClient();
  const controls = useQuery({ ...accountQueries.controls(client, userId), enabled });
  return shareOffReason(controls.data);
}
