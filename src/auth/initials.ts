/**
 * Up to two initials from the name, or the email's first letter. Self-contained (no imports, no
 * outer names): the page script of content pages carries it as source text.
 */
export function initialsOf(user: { name: string; email: string }): string {
  const words = user.name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  const initials = letters.map((word) => Array.from(word ?? "")[0] ?? "").join("");
  return (initials || Array.from(user.email)[0] || "?").toLocaleUpperCase();
}
