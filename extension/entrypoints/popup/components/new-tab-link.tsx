import type { ReactNode } from 'react';
import { ExternalLinkIcon } from '~shared/ui/icons.tsx';

interface NewTabLinkProps {
  href: string;
  className: string;
  children: ReactNode;
  iconSize?: number;
}

/** A link out of the popup (to the web app): opens a new tab, marked with the external-link icon. */
export function NewTabLink({ href, className, children, iconSize = 14 }: NewTabLinkProps) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      {children} <ExternalLinkIcon size={iconSize} />
    </a>
  );
}
