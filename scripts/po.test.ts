import { describe, expect, it } from "vitest";
import { parsePo, placeholderProblems, typographyProblems } from "./po.ts";

describe("catalog checks", () => {
  it("reads entries, including multi-line and escaped ones, and skips the header", () => {
    const po = [
      'msgid ""',
      'msgstr ""',
      '"Language: fr\\n"',
      "",
      "#: a.tsx",
      'msgid "Hello"',
      'msgstr "Bonjour"',
      "",
      'msgid ""',
      '"Long "',
      '"text"',
      'msgstr ""',
      "",
      'msgid "Say \\"{name}\\"\\n"',
      'msgstr "Dites «\u00a0{name}\u00a0»\\n"',
      "",
    ].join("\n");
    expect(parsePo(po)).toEqual([
      { msgid: "Hello", msgstr: "Bonjour" },
      { msgid: "Long text", msgstr: "" },
      { msgid: 'Say "{name}"\n', msgstr: "Dites «\u00a0{name}\u00a0»\n" },
    ]);
  });

  it("accepts French typography and flags English habits", () => {
    expect(typographyProblems("Page introuvable\u00a0: {path}")).toEqual([]);
    expect(typographyProblems("Vraiment\u202f?")).toEqual([]);
    expect(typographyProblems("Page introuvable : {path}")).toContain("a plain space before ; : ! ? or »");
    expect(typographyProblems("Vraiment?")).toContain("no no-break space before ; ! or ?");
    expect(typographyProblems("l'accueil")).toContain("a straight apostrophe (use ’)");
  });

  it("flags a translation that loses or renames a placeholder or a tag", () => {
    expect(placeholderProblems("Sent to {email}.", "Envoyé à {email}.")).toEqual([]);
    expect(placeholderProblems("I accept the <0>terms</0>", "J’accepte les <0>conditions</0>")).toEqual([]);
    expect(placeholderProblems("Sent to {email}.", "Envoyé à {e-mail}.")).toHaveLength(1);
    expect(placeholderProblems("I accept the <0>terms</0>", "J’accepte les conditions")).toHaveLength(1);
  });
});
