import {
  Clock,
  KeyRound,
  MessagesSquare,
  MonitorSmartphone,
  RefreshCw,
  ShieldCheck,
  type LucideIcon,
} from "lucide-react";
import type { HomeFeature } from "#src/content/page-data.ts";
import type { FeatureIcon } from "#src/content/schema.ts";
import { cn } from "#src/lib/cn.ts";

/** The icon for each name the content may use (`featureIcons` in the content schema). */
const icons: Record<FeatureIcon, LucideIcon> = {
  key: KeyRound,
  devices: MonitorSmartphone,
  refresh: RefreshCw,
  support: MessagesSquare,
  clock: Clock,
  shield: ShieldCheck,
};

/** One feature: an icon in a tinted tile, a short title, one sentence. */
function FeatureCard({ icon, title, text, className }: HomeFeature & { className?: string }) {
  const Icon = icons[icon];
  return (
    <li
      data-slot="feature-card"
      className={cn("flex flex-col gap-3 rounded-xl border border-border bg-surface p-6", className)}
    >
      <span
        aria-hidden="true"
        className="flex size-10 items-center justify-center rounded-lg border border-primary/30 bg-accent text-primary"
      >
        <Icon className="size-5" />
      </span>
      <h3 className="text-base font-semibold tracking-tight">{title}</h3>
      <p className="text-sm leading-6 text-muted-foreground">{text}</p>
    </li>
  );
}

/** Features three across on a desktop, two on a tablet, one under the other on a phone. */
export function FeatureGrid({ features, className }: { features: HomeFeature[]; className?: string }) {
  return (
    <ul data-slot="feature-grid" className={cn("grid gap-4 sm:grid-cols-2 lg:grid-cols-3", className)}>
      {features.map((feature) => (
        <FeatureCard key={feature.title} {...feature} />
      ))}
    </ul>
  );
}
