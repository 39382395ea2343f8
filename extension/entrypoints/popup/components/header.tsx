import { BRAND_NAME } from '~shared/constants.ts';
import { Button } from '~shared/ui/button.tsx';
import { LogOutIcon, SettingsIcon } from '~shared/ui/icons.tsx';
import { openOptions } from '../actions.ts';

interface HeaderProps {
  email: string | null;
  signedIn: boolean;
  signingOut: boolean;
  onSignOut: () => void;
}

export function Header({ email, signedIn, signingOut, onSignOut }: HeaderProps) {
  return (
    <header className="flex items-center gap-3 border-b border-border bg-card/60 px-4 py-3">
      <img src="/icon/48.png" alt="" width={28} height={28} className="h-7 w-7 shrink-0" />
      <div className="min-w-0 flex-1 leading-tight">
        <p className="text-[15px] font-semibold tracking-tight">{BRAND_NAME}</p>
        {email ? (
          <p className="truncate text-xs text-muted-foreground" title={email}>
            {email}
          </p>
        ) : null}
      </div>
      <Button variant="ghost" size="icon" aria-label="Settings" title="Settings" onClick={() => void openOptions()}>
        <SettingsIcon size={16} />
      </Button>
      {signedIn ? (
        <Button variant="ghost" size="icon" aria-label="Sign out" title="Sign out" onClick={onSignOut} disabled={signingOut}>
          <LogOutIcon size={16} />
        </Button>
      ) : null}
    </header>
  );
}
