import type * as React from "react";
import { cn } from "#src/lib/cn.ts";

/** The closing band: a title, one sentence and the actions, over a soft primary glow. */
export function CtaBand({
  id,
  title,
  text,
  children,
  className,
}: {
  id: string;
  title: React.ReactNode;
  text: React.ReactNode;
  /** The buttons. */
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section
      data-slot="cta-band"
      aria-labelledby={id}
      className={cn(
        "relative isolate overflow-hidden rounded-2xl border border-border bg-surface px-6 py-14 text-center sm:px-12 sm:py-20",
        className,
      )}
    >
      <div
        aria-hidden="true"
        className="absolute inset-x-0 -top-1/2 -z-10 h-full bg-[radial-gradient(closest-side,color-mix(in_oklab,var(--primary)_30%,transparent),transparent)] blur-2xl"
      />
      <h2 id={id} className="text-3xl font-semibold tracking-[-0.02em] text-balance sm:text-4xl">
        {title}
      </h2>
      <p className="mx-auto mt-4 max-w-xl text-lg text-muted-foreground">{text}</p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">{children}</div>
    </section>
  );
}
