import { parsePoFile } from "@lingui/format-po";

export type PoEntry = { msgid: string; msgstr: string };

/**
 * The entries of a .po file, the header skipped. Obsolete entries (`#~`) count like the others:
 * the catalog check extracts with `--clean` first, so there are none, and format-po 6.11 marks the
 * wrong entry obsolete after a GNU-style multi-line `msgid ""`.
 */
export function parsePo(source: string): PoEntry[] {
  return parsePoFile(source)
    .items.filter((item) => item.msgid !== "")
    .map((item) => ({ msgid: item.msgid, msgstr: item.msgstr[0] ?? "" }));
}

/**
 * French typography: a (narrow) no-break space before `; : ! ?` and inside « », the typographic
 * apostrophe (a straight one is also ICU's escape character). Placeholders `{…}` are ignored.
 */
export function typographyProblems(text: string): string[] {
  const plain = text.replace(/\{[^{}]*\}/g, "x");
  const problems: string[] = [];
  if (/ [;:!?»]/.test(plain)) problems.push("a plain space before ; : ! ? or »");
  if (/\S[;!?]/.test(plain.replace(/https?:\/\/\S+/g, "")) && !/[\u00a0\u202f][;!?]/.test(plain))
    problems.push("no no-break space before ; ! or ?");
  if (/« /.test(plain)) problems.push("a plain space after «");
  if (plain.includes("'")) problems.push("a straight apostrophe (use ’)");
  return problems;
}

/** The `{name}` placeholders and `<0>` tags of a message: a translation must keep them all. */
function markers(text: string): string[] {
  return [...text.matchAll(/\{(\w+)[,}]|<\/?\d+\/?>/g)].map((m) => m[1] ?? m[0]).sort();
}

export function placeholderProblems(msgid: string, msgstr: string): string[] {
  const want = markers(msgid).join(" ");
  const have = markers(msgstr).join(" ");
  return want === have ? [] : [`placeholders/tags differ (${want || "none"} vs ${have || "none"})`];
}
