import { Trans } from "@lingui/react/macro";
import type { ReactNode } from "react";
import appCss from "#src/app.css?raw";

/** Every `--name: value;` declared in app.css's `:root`, in source order (so this page never drifts). */
export function cssTokens(css: string = appCss): { name: string; value: string }[] {
  const root = /:root\s*\{([\s\S]*?)\n\}/.exec(css)?.[1] ?? "";
  return [...root.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((match) => ({
    name: match[1] ?? "",
    value: (match[2] ?? "").replace(/\s+/g, " ").trim(),
  }));
}

const isColour = (value: string) => /^#[0-9a-f]{3,8}$/i.test(value);

function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
      {children}
    </section>
  );
}

/** The colour tokens as swatches, each with its CSS variable and Tailwind name. */
export function ColourTokens() {
  const colours = cssTokens().filter((token) => isColour(token.value));
  return (
    <Section title={<Trans>Colours</Trans>}>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {colours.map((token) => (
          <li key={token.name} className="flex items-center gap-3 rounded-lg border bg-surface p-2.5">
            <span
              aria-hidden="true"
              className="size-10 shrink-0 rounded-md border"
              style={{ background: `var(--${token.name})` }}
            />
            <span className="flex min-w-0 flex-col">
              <code className="font-mono text-sm break-words text-foreground">--{token.name}</code>
              <span className="font-mono text-xs text-muted-foreground uppercase">{token.value}</span>
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}

const typeScale = [
  ["text-xs", "0.75rem / 1rem"],
  ["text-sm", "0.875rem / 1.25rem"],
  ["text-base", "1rem / 1.5rem"],
  ["text-lg", "1.125rem / 1.75rem"],
  ["text-xl", "1.25rem / 1.75rem"],
  ["text-2xl", "1.5rem / 2rem"],
  ["text-3xl", "1.875rem / 2.25rem"],
  ["text-4xl", "2.25rem / 2.5rem"],
  ["text-5xl", "3rem / 1"],
] as const;

/** Tailwind's type scale as the site uses it, in the sans and mono families. */
export function TypeScale() {
  return (
    <Section title={<Trans>Type scale</Trans>}>
      <p className="text-sm text-muted-foreground">
        <Trans>
          Sans: <code className="font-mono">--font-sans</code> (Inter). Mono:{" "}
          <code className="font-mono">--font-mono</code> (JetBrains Mono).
        </Trans>
      </p>
      <ul className="flex flex-col divide-y rounded-lg border bg-surface">
        {typeScale.map(([name, size]) => (
          <li key={name} className="flex items-baseline gap-6 px-4 py-3">
            <code className="w-24 shrink-0 font-mono text-xs text-muted-foreground">{name}</code>
            <span className="w-36 shrink-0 font-mono text-xs text-muted-foreground">{size}</span>
            <span className={`${name} truncate font-medium`}>
              <Trans>Stremio, everywhere</Trans>
            </span>
          </li>
        ))}
        <li className="flex items-baseline gap-6 px-4 py-3">
          <code className="w-24 shrink-0 font-mono text-xs text-muted-foreground">font-mono</code>
          <span className="w-36 shrink-0 font-mono text-xs text-muted-foreground">0.875rem</span>
          <span className="truncate font-mono text-sm">camillemartin_x7k2@lumen.stream</span>
        </li>
      </ul>
    </Section>
  );
}

const spacing = [1, 2, 3, 4, 6, 8, 10, 12, 16] as const;
const spacingWidth: Record<(typeof spacing)[number], string> = {
  1: "w-1",
  2: "w-2",
  3: "w-3",
  4: "w-4",
  6: "w-6",
  8: "w-8",
  10: "w-10",
  12: "w-12",
  16: "w-16",
};

/** The spacing steps (Tailwind's 0.25rem unit) the layouts use. */
export function SpacingScale() {
  return (
    <Section title={<Trans>Spacing</Trans>}>
      <ul className="flex flex-col gap-2 rounded-lg border bg-surface p-4">
        {spacing.map((step) => (
          <li key={step} className="flex items-center gap-4">
            <code className="w-10 shrink-0 font-mono text-xs text-muted-foreground">{step}</code>
            <span className="w-20 shrink-0 font-mono text-xs text-muted-foreground">{step * 0.25}rem</span>
            <span aria-hidden="true" className={`${spacingWidth[step]} h-3 rounded-sm bg-primary`} />
          </li>
        ))}
      </ul>
    </Section>
  );
}

const radii = [
  ["rounded-sm", "calc(var(--radius) - 4px)"],
  ["rounded-md", "calc(var(--radius) - 2px)"],
  ["rounded-lg", "var(--radius)"],
  ["rounded-xl", "calc(var(--radius) + 4px)"],
  ["rounded-full", "9999px"],
] as const;

/** Corner radii, all derived from `--radius`. */
export function RadiusScale() {
  return (
    <Section title={<Trans>Radius</Trans>}>
      <ul className="flex flex-wrap gap-4">
        {radii.map(([name, value]) => (
          <li key={name} className="flex flex-col items-center gap-2">
            <span aria-hidden="true" className={`${name} size-16 border border-primary/60 bg-accent`} />
            <code className="font-mono text-xs text-foreground">{name}</code>
            <span className="font-mono text-[11px] text-muted-foreground">{value}</span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
