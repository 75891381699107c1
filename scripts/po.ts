export type PoEntry = { msgid: string; msgstr: string };

function unquote(lines: string[]) {
  return lines.map((line) => JSON.parse(line.replace(/^(msgid|msgstr)\s+/, "")) as string).join("");
}

/** The translated entries of a .po file (the header entry is skipped). */
export function parsePo(source: string): PoEntry[] {
  const entries: PoEntry[] = [];
  for (const block of source.split(/\n\s*\n/)) {
    const lines = block.split("\n").filter((line) => !line.startsWith("#") && line.trim() !== "");
    const idStart = lines.findIndex((line) => line.startsWith("msgid "));
    const strStart = lines.findIndex((line) => line.startsWith("msgstr "));
    if (idStart < 0 || strStart < 0) continue;
    const msgid = unquote(lines.slice(idStart, strStart));
    if (msgid === "") continue;
    entries.push({ msgid, msgstr: unquote(lines.slice(strStart)) });
  }
  return entries;
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
