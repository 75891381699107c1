import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import { formatDate, formatPrice, formatReceiptNumber } from "#shared/format.ts";
import { localeTags } from "#shared/i18n/locales.ts";
import { vatParts } from "#shared/seller.ts";
import type { Receipt } from "#server/core/billing/receipts.ts";
import { emailI18n } from "./catalog.ts";
import type { MailLocale } from "./templates.ts";

// A receipt as the PDF a customer downloads from the account page, in their language: the seller,
// the number, the customer, the period paid for, the amount with its VAT, the payment's date. The
// words are the emails' catalog's (the same translators, the same French typography). The PDF's
// standard font (Helvetica) writes Western European text; any other character is written "?".

const pageSize: [number, number] = [595.28, 841.89]; // A4, in points
const margin = 56;
const ink = rgb(0.1, 0.1, 0.12);
const muted = rgb(0.4, 0.4, 0.45);

/** The file name a receipt downloads as ("lumen-receipt-000012.pdf"). */
export function receiptFileName(appName: string, number: number): string {
  const slug =
    appName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "receipt";
  return `${slug}-receipt-${formatReceiptNumber(number)}.pdf`;
}

/** `text` in the characters `font` can write: narrow spaces as no-break spaces, the rest as "?". */
function writable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return Array.from(text.replace(/[\u202f\u2009]/g, "\u00a0"))
    .map((char) => (known.has(char.codePointAt(0)!) ? char : "?"))
    .join("");
}

/** The receipt numbered `receipt.number` as a PDF, in `locale`. */
export async function renderReceiptPdf(receipt: Receipt, locale: MailLocale, appName: string) {
  const i18n = emailI18n(locale);
  const date = (value: string) => formatDate(value, locale);
  const price = (amount: number) => formatPrice(amount, locale, receipt.currency);
  const { seller } = receipt;
  const number = formatReceiptNumber(receipt.number);
  const doc = await PDFDocument.create();
  const title = i18n._("Receipt No. {number}", { number });
  doc.setTitle(`${appName} – ${title}`);
  doc.setLanguage(locale);
  doc.setCreator(appName);
  doc.setProducer(appName);
  doc.setCreationDate(new Date(receipt.issued.replace(" ", "T")));
  doc.setModificationDate(new Date(receipt.issued.replace(" ", "T")));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage(pageSize);
  const right = pageSize[0] - margin;
  let y = pageSize[1] - margin;

  const text = (
    value: string,
    options: { x?: number; size?: number; font?: PDFFont; color?: typeof ink; align?: "left" | "right" } = {},
  ) => {
    const font = options.font ?? regular;
    const size = options.size ?? 10;
    const line = writable(font, value);
    const width = font.widthOfTextAtSize(line, size);
    const x = options.align === "right" ? (options.x ?? right) - width : (options.x ?? margin);
    page.drawText(line, { x, y, size, font, color: options.color ?? ink });
  };

  // The seller, left; the receipt's title, number and date, right.
  text(seller.name || appName, { font: bold, size: 14 });
  text(title, { font: bold, size: 14, align: "right" });
  y -= 18;
  const issued = i18n._("Issued on {date}", { date: date(receipt.issued) });
  const sellerLines = [
    seller.address,
    seller.registration,
    seller.vatNumber ? i18n._("VAT number: {vatNumber}", { vatNumber: seller.vatNumber }) : "",
    seller.supportEmail,
  ].filter((line) => line !== "");
  text(issued, { align: "right", color: muted });
  for (const line of sellerLines) {
    text(line, { color: muted });
    y -= 14;
  }
  y -= 24;

  // The customer.
  text(i18n._("Billed to"), { font: bold });
  y -= 14;
  for (const line of [receipt.name, receipt.email].filter((line) => line !== "")) {
    text(line);
    y -= 14;
  }
  y -= 24;

  // The line paid for, with its period.
  const amountX = right;
  const periodX = margin + 200;
  text(i18n._("Description"), { font: bold });
  text(i18n._("Period"), { font: bold, x: periodX });
  text(i18n._("Amount incl. VAT"), { font: bold, align: "right", x: amountX });
  y -= 6;
  page.drawLine({ start: { x: margin, y }, end: { x: right, y }, thickness: 0.5, color: muted });
  y -= 16;
  const description =
    receipt.interval === "year"
      ? i18n._("{appName} subscription, yearly", { appName })
      : i18n._("{appName} subscription, monthly", { appName });
  text(description);
  const short = (value: string) => formatDate(value, locale, "medium");
  text(i18n._("{start} to {end}", { start: short(receipt.periodStart), end: short(receipt.periodEnd) }), {
    x: periodX,
  });
  text(price(receipt.amount), { align: "right", x: amountX });
  y -= 10;
  page.drawLine({ start: { x: margin, y }, end: { x: right, y }, thickness: 0.5, color: muted });
  y -= 20;

  // The totals: with a VAT number, the price before VAT and the VAT in it; without, the mention
  // a seller exempt from VAT writes.
  const labelX = right - 120;
  const total = (label: string, value: string, font = regular) => {
    text(label, { align: "right", x: labelX, font });
    text(value, { align: "right", x: amountX, font });
    y -= 16;
  };
  if (seller.vatNumber) {
    const { net, vat } = vatParts(receipt.amount, seller.vatRate);
    const rate = new Intl.NumberFormat(localeTags[locale], { maximumFractionDigits: 2 }).format(
      seller.vatRate,
    );
    total(i18n._("Total excl. VAT"), price(net));
    total(i18n._("VAT at {rate}%", { rate }), price(vat));
  }
  total(i18n._("Total incl. VAT"), price(receipt.amount), bold);
  y -= 8;
  text(i18n._("Paid on {date}.", { date: date(receipt.issued) }));
  y -= 14;
  if (!seller.vatNumber) {
    text(i18n._("VAT not applicable, article 293 B of the French General Tax Code."), { color: muted });
    y -= 14;
  }
  return doc.save();
}
