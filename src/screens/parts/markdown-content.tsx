import type { ComponentProps, MouseEvent } from "react";
import { useNavigate } from "react-router";
import type { Locale } from "#shared/i18n/locales.ts";
import { Prose } from "#src/ui/prose.tsx";

/** Same-site links inside rendered markdown navigate in the app, like the rest of the site's links. */
function useInternalLinks() {
  const navigate = useNavigate();
  return (event: MouseEvent<HTMLDivElement>) => {
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    )
      return;
    const link = (event.target as Element).closest?.("a[href]");
    const href = link?.getAttribute("href");
    if (!link || !href || link.getAttribute("target") || !href.startsWith("/") || href.startsWith("//"))
      return;
    event.preventDefault();
    void navigate(href);
  };
}

/** Markdown rendered at build time (sanitised HTML), styled by Prose, in the language it was written in. */
export function MarkdownContent({
  html,
  lang,
  className,
  size,
  tone,
}: {
  html: string;
  lang?: Locale;
  className?: string;
} & Pick<ComponentProps<typeof Prose>, "size" | "tone">) {
  const onClick = useInternalLinks();
  return (
    <Prose
      lang={lang}
      measure="none"
      size={size}
      tone={tone}
      className={className}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
