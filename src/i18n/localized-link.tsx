import type { ComponentProps } from "react";
import { Link } from "react-router";
import { localizePath } from "#shared/i18n/paths.ts";
import { useLocale } from "./use-locale.ts";

/** A link to an English route path, rewritten for the active locale. */
export function LocalizedLink({ to, ...props }: Omit<ComponentProps<typeof Link>, "to"> & { to: string }) {
  const locale = useLocale();
  return <Link to={localizePath(to, locale)} {...props} />;
}
