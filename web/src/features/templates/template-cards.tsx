import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useDataClient } from '~shared/data/provider.tsx';
import { roleQueries } from '~shared/data/roles/queries.ts';
import { OurTemplatesCard } from './our-templates-card.tsx';
import { YourCategoriesCard } from './your-categories-card.tsx';

// The admin cards' code (forms, their schemas and zod) loads only for an admin: a user never sees them.
const TemplateManagerCard = lazy(() => import('./template-manager-card.tsx').then((m) => ({ default: m.TemplateManagerCard })));
const SettingsIconManagerCard = lazy(() =>
  import('./settings-icon-manager-card.tsx').then((m) => ({ default: m.SettingsIconManagerCard })),
);

function AdminCards({ userId }: { userId: string }) {
  const client = useDataClient();
  const isAdmin = useQuery(roleQueries.isAdmin(client, userId));
  if (!isAdmin.data) return null;
  return (
    <Suspense fallback={null}>
      <TemplateManagerCard userId={userId} />
      <SettingsIconManagerCard userId={userId} />
    </Suspense>
  );
}

/** The dashboard's template and admin cards (part 2 §2 'Dashboard cards'), under the links. */
export function TemplateCards({ userId, className }: { userId: string; className?: string }) {
  return (
    <div className={className} data-testid="template-cards">
      <div className="grid gap-5 lg:grid-cols-2">
        <OurTemplatesCard userId={userId} />
        <YourCategoriesCard userId={userId} />
        <AdminCards userId={userId} />
      </div>
    </div>
  );
}
