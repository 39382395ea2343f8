import type { ComponentType, SVGProps } from 'react';

export interface Feature {
  title: string;
  description: string;
  Icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  /** Tailwind classes for the icon badge. */
  tone: string;
}

export function FeatureCard({ feature }: { feature: Feature }) {
  const { Icon } = feature;
  return (
    <article className="group rounded-xl border border-border bg-card p-6 text-card-foreground shadow-sm transition-shadow hover:shadow-md">
      <div className={`mb-4 inline-flex h-12 w-12 items-center justify-center rounded-lg ${feature.tone}`}>
        <Icon size={24} />
      </div>
      <h3 className="mb-2 text-lg font-semibold">{feature.title}</h3>
      <p className="text-sm leading-relaxed text-muted-foreground">{feature.description}</p>
    </article>
  );
}
