/**
 * Small inline stroke icons (24px grid) for the web app and the extension, so no icon library ships.
 * Import them from here. They live in two modules because a bundler puts a whole module in one chunk:
 * as one module, every icon of the app sat in the entry chunk every page loads (the route fallback's
 * spinner is one of them). An icon a public page starts to use moves to public-icons.tsx.
 * Public pages and the route fallback import from './icons/public-icons.tsx' directly: through
 * this file, their static imports reach app-icons.tsx too, and the chunk grouping
 * (web/signed-in-chunk.ts) then ships every signed-in icon with them (1 KB gzipped in the entry).
 */
export type { IconProps } from './icons/icon.tsx';
export {
  ChartIcon,
  EyeIcon,
  EyeOffIcon,
  FolderIcon,
  HomeIcon,
  LifeBuoyIcon,
  LoaderIcon,
  MailIcon,
  ShareIcon,
  ShieldIcon,
  SparklesIcon,
  UsersIcon,
} from './icons/public-icons.tsx';
export {
  CheckCircleIcon,
  ChevronDownIcon,
  CloseIcon,
  CloudOffIcon,
  ExternalLinkIcon,
  ImageIcon,
  InboxIcon,
  LogOutIcon,
  PencilIcon,
  PlusIcon,
  RefreshIcon,
  SearchIcon,
  SendIcon,
  SettingsIcon,
  TrashIcon,
  UserIcon,
} from './icons/app-icons.tsx';
