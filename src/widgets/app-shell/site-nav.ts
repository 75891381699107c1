import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import type { Locale } from "#shared/i18n/locales.ts";

export type NavItem = {
  to: string;
  label: MessageDescriptor;
  hrefLang?: string;
  /** Only in these locales (default: all). */
  locales?: readonly Locale[];
};

/** The header's main navigation (English paths; links are localized when rendered). */
export const mainNav: readonly NavItem[] = [
  { to: "/guides", label: msg`Guides` },
  { to: "/roadmap", label: msg`Roadmap` },
  { to: "/known-issues", label: msg`Known issues` },
  { to: "/blog", label: msg`Blog` },
  // Kept on purpose: the English docs live under /fr/docs (and the French ones under /fr/fr/docs).
  { to: "/fr/docs", label: msg`Docs` },
];

/** Footer link groups. */
export const footerNav: readonly { id: string; title: MessageDescriptor; items: readonly NavItem[] }[] = [
  { id: "product", title: msg`Product`, items: mainNav },
  { id: "community", title: msg`Community`, items: [{ to: "/discord", label: msg`Discord` }] },
  {
    id: "legal",
    title: msg`Legal`,
    items: [
      { to: "/cgv", label: msg`Terms of sale` },
      { to: "/cgu", label: msg`Terms of use` },
      { to: "/mentions", label: msg`Legal notices` },
      { to: "/privacy-policy", label: msg`Privacy policy` },
      // In French, "Privacy policy" is already the French text: one link, not two of one name.
      {
        to: "/politique-de-confidentialite",
        label: msg`Privacy policy (French text)`,
        hrefLang: "fr",
        locales: ["en"],
      },
      // The conformance status in the link's words, as the French accessibility rules (RGAA) ask:
      // "not compliant" until an RGAA audit measures more (content/*/pages/accessibility.md).
      { to: "/accessibility", label: msg`Accessibility: not compliant` },
    ],
  },
  // Cancelling is as easy to find as subscribing: a link of its own on every page.
  {
    id: "subscription",
    title: msg`Subscription`,
    items: [{ to: "/cancel-subscription", label: msg`Cancel my subscription` }],
  },
];
