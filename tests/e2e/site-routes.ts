/**
 * Every public page in both locales, with what a visitor and a search engine must see. Written
 * out by hand (not derived from src/) so the e2e tests check the build against docs/product.md.
 */
export type SiteRoute = {
  path: string;
  lang: "en" | "fr";
  /** The page's `<h1>` (a string or a pattern). */
  h1: string | RegExp;
  /** Canonical path when it is not the page's own. */
  canonical?: string;
  /** hreflang → path; default: the page in both locales plus x-default (English). */
  alternates?: Record<string, string>;
  noindex?: boolean;
};

const both = (
  english: string,
  h1: { en: string | RegExp; fr: string | RegExp },
  extra: Partial<SiteRoute> = {},
): SiteRoute[] => {
  const french = english === "/" ? "/fr" : `/fr${english}`;
  return [
    { path: english, lang: "en", h1: h1.en, ...extra },
    { path: french, lang: "fr", h1: h1.fr, ...extra },
  ];
};

export const siteRoutes: SiteRoute[] = [
  ...both("/", {
    en: "Your Stremio account, ready in a minute",
    fr: "Votre compte Stremio, prêt en une minute",
  }),
  ...both("/guides", { en: /Guides/, fr: /Guides/ }),
  ...both("/roadmap", { en: "Roadmap", fr: "Feuille de route" }),
  ...both("/known-issues", { en: "Known issues", fr: "Problèmes connus" }),
  ...both("/blog", { en: "Blog", fr: "Blog" }),
  ...both("/blog/introducing-lumen", { en: /Lumen/, fr: /Lumen/ }),
  ...both("/blog/2026/launch-week", { en: "Launch week recap", fr: /lancement/i }),
  ...both("/cgu", { en: "Terms of use", fr: "Conditions générales d’utilisation" }),
  ...both("/mentions", { en: /Legal notice/i, fr: /Mentions légales/i }),
  ...both("/privacy-policy", { en: "Privacy policy", fr: /confidentialité/i }),
  ...both("/cgv", { en: "Terms of sale", fr: "Conditions générales de vente" }),
  ...both("/accessibility", { en: "Accessibility statement", fr: "Déclaration d’accessibilité" }),
  ...both("/discord", { en: /Discord|community/i, fr: /Discord|communauté/i }),
  ...both("/test", { en: "Test page", fr: /test/i }, { noindex: true }),
  ...both("/test-lottie", { en: "Animation test", fr: "Test d’animation" }, { noindex: true }),
  ...both(
    "/wp-admin",
    { en: "There is no administration area here", fr: "Il n’y a pas d’espace d’administration ici" },
    { noindex: true },
  ),
  ...both(
    "/wp-login",
    { en: "There is no WordPress login here", fr: "Il n’y a pas de connexion WordPress ici" },
    { noindex: true },
  ),
  {
    path: "/en/guides",
    lang: "en",
    h1: /Guides/,
    canonical: "/guides",
    alternates: { en: "/guides", fr: "/fr/guides", "x-default": "/guides" },
  },
  {
    path: "/fr/en/guides",
    lang: "fr",
    h1: /Guides/,
    canonical: "/fr/guides",
    alternates: { en: "/guides", fr: "/fr/guides", "x-default": "/guides" },
  },
  {
    path: "/en/roadmap",
    lang: "en",
    h1: "Roadmap",
    canonical: "/roadmap",
    alternates: { en: "/roadmap", fr: "/fr/roadmap", "x-default": "/roadmap" },
  },
  {
    path: "/fr/en/roadmap",
    lang: "fr",
    h1: "Feuille de route",
    canonical: "/fr/roadmap",
    alternates: { en: "/roadmap", fr: "/fr/roadmap", "x-default": "/roadmap" },
  },
  {
    path: "/en/known-issues",
    lang: "en",
    h1: "Known issues",
    canonical: "/known-issues",
    alternates: { en: "/known-issues", fr: "/fr/known-issues", "x-default": "/known-issues" },
  },
  {
    path: "/fr/en/known-issues",
    lang: "fr",
    h1: "Problèmes connus",
    canonical: "/fr/known-issues",
    alternates: { en: "/known-issues", fr: "/fr/known-issues", "x-default": "/known-issues" },
  },
  // Quirk kept on purpose: English docs under /fr/docs, French under /fr/fr/docs.
  {
    path: "/fr/docs",
    lang: "en",
    h1: /documentation/i,
    alternates: { en: "/fr/docs", fr: "/fr/fr/docs", "x-default": "/fr/docs" },
  },
  {
    path: "/fr/fr/docs",
    lang: "fr",
    h1: /documentation/i,
    alternates: { en: "/fr/docs", fr: "/fr/fr/docs", "x-default": "/fr/docs" },
  },
  {
    path: "/fr/docs/account",
    lang: "en",
    h1: "Your account",
    alternates: { en: "/fr/docs/account", fr: "/fr/fr/docs/account", "x-default": "/fr/docs/account" },
  },
  {
    path: "/fr/fr/docs/account",
    lang: "fr",
    h1: "Votre compte",
    alternates: { en: "/fr/docs/account", fr: "/fr/fr/docs/account", "x-default": "/fr/docs/account" },
  },
  // The docs search's page, where the box sends its words (`?q=`): answered by the server, not indexed.
  ...(
    [
      ["/fr/docs/search", "en", "Search the documentation"],
      ["/fr/fr/docs/search", "fr", "Rechercher dans la documentation"],
    ] as const
  ).map(([path, lang, h1]): SiteRoute => ({
    path,
    lang,
    h1,
    noindex: true,
    alternates: { en: "/fr/docs/search", fr: "/fr/fr/docs/search", "x-default": "/fr/docs/search" },
  })),
  // French-only: the English page shows the French text with a notice, canonical to the French one.
  {
    path: "/fr/more",
    lang: "en",
    h1: /./,
    canonical: "/fr/fr/more",
    alternates: { fr: "/fr/fr/more", "x-default": "/fr/fr/more" },
  },
  { path: "/fr/fr/more", lang: "fr", h1: /./, alternates: { fr: "/fr/fr/more", "x-default": "/fr/fr/more" } },
  // The French privacy policy is French text in both modes: in English, with the notice.
  {
    path: "/politique-de-confidentialite",
    lang: "en",
    h1: "Politique de confidentialité",
    canonical: "/fr/politique-de-confidentialite",
    alternates: { fr: "/fr/politique-de-confidentialite", "x-default": "/fr/politique-de-confidentialite" },
  },
  {
    path: "/fr/politique-de-confidentialite",
    lang: "fr",
    h1: "Politique de confidentialité",
    alternates: { fr: "/fr/politique-de-confidentialite", "x-default": "/fr/politique-de-confidentialite" },
  },
];

/** The default alternates of a page that exists in both locales. */
export function defaultAlternates(route: SiteRoute): Record<string, string> {
  const english = route.lang === "en" ? route.path : route.path === "/fr" ? "/" : route.path.slice(3);
  const french = english === "/" ? "/fr" : `/fr${english}`;
  return { en: english, fr: french, "x-default": english };
}
