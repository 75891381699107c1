// Who sells the subscription, as the operator configures it (docs/configuration.md, "Seller"):
// printed on every receipt. A value left unset is left out, never replaced by a placeholder.

export type Seller = {
  /** The company's name and legal form (`SELLER_NAME`, e.g. "Lumen SAS"). */
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

/** What a price including VAT is made of, at the seller's rate: the price before VAT and the VAT. */
export function vatParts(amountInclVat: number, vatRate: number): { net: number; vat: number } {
  const net = Math.round((amountInclVat / (1 + vatRate / 100)) * 100) / 100;
  return { net, vat: Math.round((amountInclVat - net) * 100) / 100 };
}
