import { OurTemplatesCard } from './our-templates-card.tsx';
import { SettingsIconManagerCard } from './settings-icon-manager-card.tsx';
import { TemplateManagerCard } from './template-manager-card.tsx';
import { YourCategoriesCard } from './your-categories-card.tsx';

/** The dashboard's template and admin cards (part 2 §2 'Dashboard cards'), under the links. */
export function TemplateCards({ userId, className }: { userId: string; className?: string }) {
  return (
    <div className={className} data-testid="template-cards">
      <div className="grid gap-5 lg:grid-cols-2">
        <OurTemplatesCard userId={userId} />
        <YourCategoriesCard userId={userId} />
        <TemplateManagerCard userId={userId} />
        <SettingsIconManagerCard userId={userId} />
      </div>
    </div>
  );
}
