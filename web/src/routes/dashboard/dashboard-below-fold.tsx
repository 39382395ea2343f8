import { AiDiscoveryCard } from '../../features/ai-discovery/ai-discovery-card.tsx';
import { ApiRoutingPanel } from '../../features/debug/api-routing-panel.tsx';
import { TemplateCards } from '../../features/templates/template-cards.tsx';

/**
 * The dashboard below its grid: templates, AI discovery and the API panel. Its own chunk, loaded
 * after the dashboard's first paint (dashboard.tsx), so a first load neither downloads nor runs it
 * (the template forms bring zod) before the links are on screen.
 */
export function DashboardBelowFold({ userId }: { userId: string }) {
  return (
    <>
      <TemplateCards userId={userId} className="min-w-0 lg:col-span-2" />
      <div className="grid min-w-0 gap-4 lg:col-span-2">
        <AiDiscoveryCard userId={userId} />
        <ApiRoutingPanel userId={userId} />
      </div>
    </>
  );
}
