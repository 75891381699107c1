import { randomInt } from "node:crypto";

const lowerAlphanumeric = "abcdefghijklmnopqrstuvwxyz0123456789";
const alphanumeric = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** A cryptographically random string over `alphabet`. */
export function randomString(length: number, alphabet = alphanumeric): string {
  let result = "";
  for (let i = 0; i < length; i++) result += alphabet[randomInt(alphabet.length)];
  return result;
}

/** A record id like PocketBase's: 15 characters of `[a-z0-9]`. */
export function randomId(): string {
  return randomString(15, lowerAlphanumeric);
}

/** Generates a value for the simple `autogeneratePattern`s PocketBase ships (`[a-z0-9]{15}`, `[a-zA-Z0-9]{50}`). */
export function randomFromPattern(pattern: string): string {
  const match = /^\[([^\]]+)\]\{(\d+)\}$/.exec(pattern);
  if (!match) return randomId();
  let alphabet = "";
  for (const range of match[1]!.matchAll(/(.)-(.)|(.)/g)) {
    if (range[3] !== undefined) alphabet += range[3];
    else
      for (let c = range[1]!.charCodeAt(0); c <= range[2]!.charCodeAt(0); c++)
        alphabet += String.fromCharCode(c);
  }
  return randomString(Number(match[2]), alphabet);
}
