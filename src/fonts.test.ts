import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { preloadedFonts } from "./fonts.ts";

const css = readFileSync(new URL("./app.css", import.meta.url), "utf8");
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
  family: /font-family:\s*"([^"]+)"/.exec(body!)?.[1],
  file: /url\("([^"]+)"\)/.exec(body!)?.[1],
}));
const sansToken = /--font-sans:\s*"([^"]+)"/.exec(css)?.[1];

describe("brand typeface", () => {
  it("the text token names a family that app.css defines", () => {
    expect(sansToken).toBe("Inter");
    expect(faces.some((face) => face.family === sansToken && face.file)).toBe(true);
  });

  it("preloads a file that the text family's first face uses, and only that", () => {
    expect(preloadedFonts).toHaveLength(1);
    const firstFace = faces.find((face) => face.family === sansToken)!;
    const fileName = firstFace.file!.split("/").pop()!;
    expect(preloadedFonts[0]).toContain(fileName);
  });
});
