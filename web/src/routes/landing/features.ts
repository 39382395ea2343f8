import { ChartIcon, FolderIcon, ShareIcon, UsersIcon } from '~shared/ui/icons/public-icons.tsx';
import type { Feature } from './feature-card.tsx';

/** The four feature cards and the landing copy's promises (part 1 §1-§2). */
export const FEATURES: Feature[] = [
  {
    title: 'Organize Everything',
    description: 'Keep every link in custom folders, tags and categories, so the one you need is always a click away.',
    Icon: FolderIcon,
    tone: 'bg-blue-500/15 text-blue-600 dark:text-blue-400',
  },
  {
    title: 'Share Seamlessly',
    description: 'Send a link by e-mail, phone or your favourite social platforms in a few seconds.',
    Icon: ShareIcon,
    tone: 'bg-emerald-500/15 text-emerald-600 dark:text-emerald-400',
  },
  {
    title: 'Track Everything',
    description: 'See the clicks, shares and engagement of every link you save, at a glance.',
    Icon: ChartIcon,
    tone: 'bg-violet-500/15 text-violet-600 dark:text-violet-400',
  },
  {
    title: 'Connect & Discover',
    description: 'Connect with other users to share whole collections and discover great new content.',
    Icon: UsersIcon,
    tone: 'bg-pink-500/15 text-pink-600 dark:text-pink-400',
  },
];
