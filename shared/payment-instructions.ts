import type { Locale } from "./i18n/locales.ts";

// The payment instructions of manual mode (content/{locale}/payment-instructions.md): the server
// emails them and the account page shows them, filled in the same way, so both say the same words.
// The frontmatter holds the title and the bank account (`holder`, `iban`, `bic`), which both show
// as separate lines a customer can copy; the text is the operator's words around them.

/** The account a transfer goes to, as the file gives it (the IBAN grouped by four). */
export type BankAccount = { holder: string; iban: string; bic: string };

/** What fills the text's `{amount}`, `{period}`, `{reference}` and `{support}`. */
export type InstructionValues = { amount: string; period: string; reference: string; support: string };

export type PaymentInstructions = {
  title: string;
  /** One entry per paragraph of the text, filled in. */
  paragraphs: string[];
  account: BankAccount;
};

/** Thrown when the file's account is not one a bank takes: customers would pay into nothing. */
export class InstructionsError extends Error {}

const frontmatter = /^---\n([\s\S]*?)\n---\n/;

function field(head: string, name: string): string {
  return (new RegExp(`^${name}:\\s*(.*)$`, "m").exec(head)?.[1] ?? "").trim();
}

/** `iban` without spaces, upper case, if its ISO 13616 check digits are right; `null` otherwise. */
export function checkedIban(iban: string): string | null {
  const compact = iban.replace(/\s+/g, "").toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return null;
  const digits = (compact.slice(4) + compact.slice(0, 4)).replace(/[A-Z]/g, (c) =>
    String(c.charCodeAt(0) - 55),
  );
  let rest = 0;
  for (const digit of digits) rest = (rest * 10 + Number(digit)) % 97;
  return rest === 1 ? compact : null;
}

/** The IBAN the repository's instructions ship with (a bank's published example): no one's account. */
export const exampleIban = "FR7630006000011234567890189";

/** The IBAN as banks print it, in groups of four: `FR76 3000 6000 …`. */
export function groupedIban(compact: string): string {
  return compact.replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * The file read: its title, its bank account (checked: a wrong IBAN or BIC throws, naming `file`)
 * and its text without the frontmatter.
 */
export function readInstructions(
  markdown: string,
  file = "payment-instructions.md",
): { title: string; account: BankAccount; text: string } {
  const match = frontmatter.exec(markdown);
  const head = match?.[1] ?? "";
  const iban = field(head, "iban");
  const bic = field(head, "bic").toUpperCase();
  const compact = checkedIban(iban);
  if (!compact) throw new InstructionsError(`${file}: iban "${iban}" is not a valid IBAN`);
  if (!/^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic)) {
    throw new InstructionsError(`${file}: bic "${bic}" is not a valid BIC (8 or 11 characters)`);
  }
  return {
    title: field(head, "title"),
    account: { holder: field(head, "holder"), iban: groupedIban(compact), bic },
    text: markdown.slice(match ? match[0].length : 0).trim(),
  };
}

/**
 * The instructions filled in, one paragraph per entry. A paragraph whose value is empty (no
 * support address configured, say) is left out, as the site's pages leave out an unset detail.
 */
export function paymentInstructions(markdown: string, values: InstructionValues): PaymentInstructions {
  const { title, account, text } = readInstructions(markdown);
  const paragraphs = text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean)
    .flatMap((paragraph) => {
      const keys = [...paragraph.matchAll(/\{(amount|period|reference|support)\}/g)].map(
        (m) => m[1] as keyof InstructionValues,
      );
      if (keys.some((key) => !values[key])) return [];
      return [
        paragraph.replace(
          /\{(amount|period|reference|support)\}/g,
          (_, key: keyof InstructionValues) => values[key],
        ),
      ];
    });
  return { title, paragraphs, account };
}

/** The `{period}` word of the instructions: "one {period}" (`month`, `year`; `mois`, `an`). */
export function paymentPeriod(interval: "month" | "year", locale: Locale): string {
  if (locale === "fr") return interval === "year" ? "an" : "mois";
  return interval;
}
