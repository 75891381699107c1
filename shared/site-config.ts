/** The one place for the product's brand and business constants (docs/product.md, Constants). */
export const siteConfig = {
  name: "Lumen",
  /** Public origin used in canonical URLs, sitemaps and e-mails; override with SITE_URL at build. */
  url: (import.meta.env?.VITE_SITE_URL as string | undefined) ?? "https://lumen.example",
  discordInvite: "https://discord.gg/lumen",
  /** The generated Stremio username ends with this fixed domain. */
  stremioDomain: "lumen.stream",
  /**
   * Plans (docs/product.md, Constants): a free trial (plan "free", price "0") or the paid plan,
   * billed monthly or yearly. pocketbase/pb_schema.json's createRule accepts exactly these prices (a test checks).
   */
  plans: {
    trialDays: 7,
    currency: "EUR",
    paid: { monthly: 4.99, yearly: 49.99 },
  },
} as const;
