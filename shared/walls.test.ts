import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The walls of the house: the server imports nothing from the front end, and what both sides use
// lives in shared/, which holds no React and no DOM (the server runs it in Node, the browser in a
// page, the build in both).

const root = path.resolve(import.meta.dirname, "..");

function sourcesUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
}

/** Every module a file imports: relative ones as repository paths, packages by name. */
function importsOf(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((m) => m[1]!);
  return specifiers.map((spec) =>
    spec.startsWith(".") ? path.relative(root, path.resolve(root, path.dirname(file), spec)) : spec,
  );
}

describe("walls", () => {
  it("server/ imports nothing from src/ (what both need is in shared/)", () => {
    const crossings = sourcesUnder("server").flatMap((file) =>
      importsOf(file)
        .filter((target) => target.startsWith("src/"))
        .map((target) => `${file} → ${target}`),
    );
    expect(crossings).toEqual([]);
  });

  it("shared/ imports neither src/ nor server/, nor React, and touches no DOM", () => {
    const files = sourcesUnder("shared").filter((file) => !file.endsWith(".test.ts"));
    expect(files.length).toBeGreaterThan(5);
    const problems = files.flatMap((file) => {
      const found = importsOf(file)
        .filter(
          (target) =>
            /^(src|server)\//.test(target) ||
            /^(react|react-dom|react-router|@lingui\/react)(\/|$)/.test(target),
        )
        .map((target) => `${file} imports ${target}`);
      const code = readFileSync(path.join(root, file), "utf8").replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, "");
      if (/\b(document|window|navigator|localStorage|sessionStorage)\./.test(code))
        found.push(`${file} uses the DOM`);
      return found;
    });
    expect(problems).toEqual([]);
  });
});
