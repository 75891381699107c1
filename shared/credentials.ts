/** Random values from the platform's cryptographic source (Web Crypto, in browsers and Node). */
function randomChars(alphabet: string, length: number): string {
  // Rejection sampling keeps every character equally likely (no modulo bias).
  const limit = 256 - (256 % alphabet.length);
  let out = "";
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && out.length < length) out += alphabet[byte % alphabet.length];
    }
  }
  return out;
}

const upperAlphanumerics = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const lowerAlphanumerics = "abcdefghijklmnopqrstuvwxyz0123456789";
/** Letters, digits and !@#$%^&*. */
const passwordAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#$%^&*";

/** `AFF-` plus 8 uppercase alphanumerics (docs/product.md, Constants). */
export function generateAffiliateCode(): string {
  return `AFF-${randomChars(upperAlphanumerics, 8)}`;
}

/**
 * The lowercased alphanumerics of the email's local part (or `user`), `_`, 4 random characters,
 * `@` the fixed Stremio account domain (docs/product.md, Constants).
 */
export function generateStremioUsername(email: string, domain: string): string {
  const local = email.split("@")[0] ?? "";
  const base = local.toLowerCase().replace(/[^a-z0-9]/g, "") || "user";
  return `${base}_${randomChars(lowerAlphanumerics, 4)}@${domain}`;
}

/** 16 random characters from letters, digits and !@#$%^&*. */
export function generateStremioPassword(): string {
  return randomChars(passwordAlphabet, 16);
}

/**
 * A password nobody is told: an account an operator makes keeps it until its owner chooses their
 * own from the emailed link.
 */
export function generateUnusablePassword(): string {
  return randomChars(passwordAlphabet, 32);
}
