/**
 * Fails when a visible string is not translated: re-extracts messages from the source, then checks
 * that every French message has a translation that follows French typography.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import config from "../lingui.config.ts";
import { parsePo, placeholderProblems, typographyProblems } from "./po.ts";

execFileSync("npx", ["lingui", "extract", "--clean"], { stdio: "ignore" });

const problems: string[] = [];
let total = 0;
for (const { path } of config.catalogs ?? []) {
  const file = (locale: string) => `${path.replace("<rootDir>/", "").replace("{locale}", locale)}.po`;
  const catalog = file("fr");
  const en = parsePo(readFileSync(file("en"), "utf8"));
  const fr = parsePo(readFileSync(catalog, "utf8"));
  total += en.length;
  for (const { msgid, msgstr } of fr) {
    if (!msgstr) problems.push(`${catalog}: missing translation for "${msgid}"`);
    else {
      for (const problem of [...typographyProblems(msgstr), ...placeholderProblems(msgid, msgstr)]) {
        problems.push(`${catalog}: ${problem} in "${msgstr}"`);
      }
    }
  }
  const frIds = new Set(fr.map((m) => m.msgid));
  for (const { msgid } of en) if (!frIds.has(msgid)) problems.push(`${catalog}: no entry for "${msgid}"`);
}

if (problems.length > 0) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} catalog problem(s). Run \`npm run i18n:extract\` and translate.`);
  process.exit(1);
}
console.log(`Catalogs complete: ${total} messages in en and fr (${config.catalogs?.length} catalogs).`);
