// Who sells the subscription and who hosts the site, as the operator configures them
// (docs/configuration.md, "Seller"): printed on every receipt and in every email's footer, and
// filled into the legal pages when the site is built. A value left unset is left out, never
// replaced by a placeholder; the server's start names each one that a production server lacks.

export type Seller = {
  /** The company's name (`SELLER_NAME`, e.g. "Lumen SAS"). */
  name: string;
  /** The registered office's address, on one line (`SELLER_ADDRESS`). */
  address: string;
  /** The registration (`SELLER_REGISTRATION`, e.g. "RCS Paris 912 345 678"). */
  registration: string;
  /** The VAT number (`SELLER_VAT_NUMBER`); empty when the seller charges no VAT. */
  vatNumber: string;
  /** The VAT rate in percent included in the prices (`VAT_RATE`, 20 by default); 0 without a VAT number. */
  vatRate: number;
  /** Where customers write (`SUPPORT_EMAIL`). */
  supportEmail: string;
};

/** The legal notice's publisher: the seller, its legal form and share capital, its director. */
export type Publisher = Seller & {
  /** The legal form and share capital, as written in the register (`SELLER_LEGAL_FORM`). */
  legalForm: string;
  /** The director of publication (`SELLER_DIRECTOR`), a person's name. */
  director: string;
};

/** Who hosts the site (`HOST_NAME`, `HOST_ADDRESS`, `HOST_PHONE`). */
export type Host = { name: string; address: string; phone: string };

/** The consumer mediator customers may turn to (`MEDIATOR_NAME`, `MEDIATOR_ADDRESS`, `MEDIATOR_URL`). */
export type Mediator = { name: string; address: string; url: string };

/** Everything the legal pages, the emails and the receipts say about who runs the service. */
export type LegalDetails = { seller: Publisher; host: Host; mediator: Mediator };

/** The French standard rate, for a seller with a VAT number who sets no other. */
export const defaultVatRate = 20;

/** A seller with nothing configured: receipts carry only the site's name. */
export const unconfiguredSeller: Seller = {
  name: "",
  address: "",
  registration: "",
  vatNumber: "",
  vatRate: 0,
  supportEmail: "",
};

/** Nothing configured: the legal pages leave every such line out. */
export const unconfiguredLegalDetails: LegalDetails = {
  seller: { ...unconfiguredSeller, legalForm: "", director: "" },
  host: { name: "", address: "", phone: "" },
  mediator: { name: "", address: "", url: "" },
};

/** What a price including VAT is made of, at the seller's rate: the price before VAT and the VAT. */
export function vatParts(amountInclVat: number, vatRate: number): { net: number; vat: number } {
  const net = Math.round((amountInclVat / (1 + vatRate / 100)) * 100) / 100;
  return { net, vat: Math.round((amountInclVat - net) * 100) / 100 };
}

/**
 * The variables of the details the site's pages show (all `legalDetailsFromEnv` reads but
 * `VAT_RATE`): the build fills the legal pages with them and records them (server/site/build-env.ts).
 */
export const legalVariables = [
  "SELLER_NAME",
  "SELLER_LEGAL_FORM",
  "SELLER_ADDRESS",
  "SELLER_REGISTRATION",
  "SELLER_VAT_NUMBER",
  "SELLER_DIRECTOR",
  "SUPPORT_EMAIL",
  "HOST_NAME",
  "HOST_ADDRESS",
  "HOST_PHONE",
  "MEDIATOR_NAME",
  "MEDIATOR_ADDRESS",
  "MEDIATOR_URL",
] as const;

/**
 * The seller, host and mediator from environment variables (the server's and the site build's
 * one reading); unset values stay empty. Throws with a message naming the variable on a bad value.
 */
export function legalDetailsFromEnv(env: Record<string, string | undefined>): LegalDetails {
  const text = (name: (typeof legalVariables)[number]) => (env[name] ?? "").replace(/\s+/g, " ").trim();
  const vatNumber = text("SELLER_VAT_NUMBER");
  const vatRate = vatNumber ? Number(env.VAT_RATE || defaultVatRate) : 0;
  if (!Number.isFinite(vatRate) || vatRate < 0 || vatRate > 100) {
    throw new Error(`Invalid VAT_RATE: ${env.VAT_RATE} (percent included in the prices, 0 to 100)`);
  }
  const supportEmail = text("SUPPORT_EMAIL");
  if (supportEmail && !/^[^\s@<>()[\]]+@[^\s@<>()[\]]+$/.test(supportEmail)) {
    throw new Error(`Invalid SUPPORT_EMAIL: ${supportEmail} (an email address)`);
  }
  const mediatorUrl = text("MEDIATOR_URL");
  if (mediatorUrl && !/^https?:\/\/[^\s<>()]+$/.test(mediatorUrl)) {
    throw new Error(`Invalid MEDIATOR_URL: ${mediatorUrl} (the mediator's website, starting with https://)`);
  }
  return {
    seller: {
      name: text("SELLER_NAME"),
      address: text("SELLER_ADDRESS"),
      registration: text("SELLER_REGISTRATION"),
      vatNumber,
      vatRate,
      supportEmail,
      legalForm: text("SELLER_LEGAL_FORM"),
      director: text("SELLER_DIRECTOR"),
    },
    host: { name: text("HOST_NAME"), address: text("HOST_ADDRESS"), phone: text("HOST_PHONE") },
    mediator: { name: text("MEDIATOR_NAME"), address: text("MEDIATOR_ADDRESS"), url: mediatorUrl },
  };
}

/** One detail the operator should set, and what the site and emails leave out without it. */
export type MissingDetail = { variable: (typeof legalVariables)[number]; consequence: string };

/**
 * The details a seller in France must publish that are not set, each with what goes without it
 * (the server's start warns with these lines in production; the dashboard lists the variables).
 * The VAT number is left out: a seller under the VAT exemption has none.
 */
export function missingLegalDetails({ seller, host, mediator }: LegalDetails): MissingDetail[] {
  const checks: [boolean, MissingDetail["variable"], string][] = [
    [!seller.name, "SELLER_NAME", "the legal notice, the terms of sale and the emails name no seller"],
    [!seller.legalForm, "SELLER_LEGAL_FORM", "the legal notice gives no legal form or share capital"],
    [
      !seller.address,
      "SELLER_ADDRESS",
      "the legal notice, the terms of sale and the emails leave the registered office out",
    ],
    [
      !seller.registration,
      "SELLER_REGISTRATION",
      "the legal notice and the receipts give no registration number",
    ],
    [!seller.director, "SELLER_DIRECTOR", "the legal notice names no director of publication"],
    [
      !seller.supportEmail,
      "SUPPORT_EMAIL",
      "the pages and emails give no address to write to (the Discord page instead)",
    ],
    [!host.name, "HOST_NAME", "the legal notice names no host"],
    [!host.address, "HOST_ADDRESS", "the legal notice gives no address for the host"],
    [!host.phone, "HOST_PHONE", "the legal notice gives no phone number for the host"],
    [!mediator.name, "MEDIATOR_NAME", "the terms of sale name no consumer mediator"],
    [!mediator.address, "MEDIATOR_ADDRESS", "the terms of sale give no address for the mediator"],
    [!mediator.url, "MEDIATOR_URL", "the terms of sale give no website for the mediator"],
  ];
  return checks
    .filter(([missing]) => missing)
    .map(([, variable, consequence]) => ({ variable, consequence }));
}

/** What `GET /api/settings/seller` answers (superusers): the details, and those left unset. */
export type SellerSettings = LegalDetails & { missing: MissingDetail[] };
