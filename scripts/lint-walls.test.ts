import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The walls of the house are import rules in eslint.config.ts, run by `npm run lint`. A rule that
// cannot resolve an import lets it pass in silence, so each wall is crossed here, by a relative
// path and by an alias, and must be stopped.

const root = path.resolve(import.meta.dirname, "..");
const eslint = new ESLint({ cwd: root });

/** The rules a file with this code would break, were it at this path. */
async function broken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

const crossings = [
  { file: "server/x.ts", imports: ["../src/auth/api-url.ts", "#src/auth/api-url.ts"] },
  { file: "server/api/x.ts", imports: ["../../src/auth/api-url.ts"] },
  { file: "shared/x.ts", imports: ["../server/config.ts", "#server/config.ts", "../src/auth/api-url.ts"] },
  { file: "src/ui/x.tsx", imports: ["../widgets/marketing/faq-list.tsx", "../screens/home.tsx"] },
  { file: "src/widgets/marketing/x.tsx", imports: ["../../screens/home.tsx", "#src/screens/home.tsx"] },
  { file: "src/screens/x.tsx", imports: ["../routes/discord.tsx"] },
  { file: "server/tools/x.ts", imports: ["../core/values.ts", "#server/core/values.ts"] },
];

describe("walls", () => {
  // The first lint loads the config, the parser and the plugins: seconds on a busy machine.
  beforeAll(() => broken("server/x.ts", ""), 60_000);

  for (const { file, imports } of crossings) {
    for (const target of imports) {
      it(`${file} may not import ${target}, statically or dynamically`, async () => {
        // (A path that climbs two folders also breaks the alias rule: the wall must hold anyway.)
        expect(await broken(file, `import { x } from "${target}";\nexport { x };\n`)).toContain(
          "import-x/no-restricted-paths",
        );
        expect(await broken(file, `export const x = await import("${target}");\n`)).toContain(
          "import-x/no-restricted-paths",
        );
      });
    }
  }

  it("lets each side import shared/, and the front end import its lower layers", async () => {
    expect(await broken("server/x.ts", `export { x } from "../shared/format.ts";\n`)).toEqual([]);
    expect(
      await broken("src/screens/x.tsx", `export { x } from "../widgets/marketing/faq-list.tsx";\n`),
    ).toEqual([]);
    expect(await broken("src/widgets/marketing/x.tsx", `export { x } from "#src/ui/button.tsx";\n`)).toEqual(
      [],
    );
  });

  it("takes an alias, not a path, past one folder up", async () => {
    expect(await broken("src/widgets/marketing/x.tsx", `export { x } from "../../ui/button.tsx";\n`)).toEqual(
      ["no-restricted-imports"],
    );
    expect(await broken("src/widgets/marketing/x.tsx", `export { x } from "../faq/button.tsx";\n`)).toEqual(
      [],
    );
  });

  it("keeps React and the DOM out of shared/: the server runs it too", async () => {
    expect(await broken("shared/x.ts", `export { useState } from "react";\n`)).toEqual([
      "no-restricted-imports",
    ]);
    expect(await broken("shared/x.ts", `export { Trans } from "@lingui/react/macro";\n`)).toEqual([
      "no-restricted-imports",
    ]);
    expect(await broken("shared/x.ts", `export const here = window.location.href;\n`)).toEqual([
      "no-restricted-globals",
    ]);
    expect(
      await broken("shared/x.ts", `export const title = (document: { title: string }) => document.title;\n`),
    ).toEqual([]);
  });
});
