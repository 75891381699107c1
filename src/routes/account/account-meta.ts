import { i18n, type MessageDescriptor } from "@lingui/core";
import { seoMeta } from "#src/lib/seo.ts";

/** Title and description of an account page, in the page's language. */
export function accountMeta(pathname: string, title: MessageDescriptor, description: MessageDescriptor) {
  return seoMeta({ pathname, title: i18n._(title), description: i18n._(description) });
}
