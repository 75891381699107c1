import type { ReactNode } from "react";

/** A page's title block: the one `<h1>`, an optional lead paragraph and extras (dates, tags). */
export function PageHeader({
  title,
  description,
  children,
  lang,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  lang?: string;
}) {
  return (
    <header data-slot="page-header" lang={lang} className="flex flex-col gap-3">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{title}</h1>
      {description ? <p className="max-w-3xl text-lg text-muted-foreground">{description}</p> : null}
      {children}
    </header>
  );
}
