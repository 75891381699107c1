/**
 * Fails when a visible string is not translated: re-extracts messages from the source, then checks
 * that every French message has a translation that follows French typography.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parsePo, placeholderProblems, typographyProblems } from "./po.ts";

execFileSync("npx", ["lingui", "extract", "--clean"], { stdio: "ignore" });

const problems: string[] = [];
const en = parsePo(readFileSync("locales/en/messages.po", "utf8"));
const fr = parsePo(readFileSync("locales/fr/messages.po", "utf8"));

for (const { msgid, msgstr } of fr) {
  if (!msgstr) problems.push(`fr: missing translation for "${msgid}"`);
  else {
    for (const problem of [...typographyProblems(msgstr), ...placeholderProblems(msgid, msgstr)]) {
      problems.push(`fr: ${problem} in "${msgstr}"`);
    }
  }
}
const frIds = new Set(fr.map((m) => m.msgid));
for (const { msgid } of en) if (!frIds.has(msgid)) problems.push(`fr: no entry for "${msgid}"`);

if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} catalog problem(s). Run \`npm run i18n:extract\` and translate.`);
  process.exit(1);
}
console.log(`Catalogs complete: ${en.length} messages in en and fr.`);
