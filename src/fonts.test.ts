import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { preloadedFonts } from "./fonts.ts";

const css = readFileSync(new URL("./app.css", import.meta.url), "utf8");
const faces = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
  family: /font-family:\s*"([^"]+)"/.exec(body!)?.[1],
  style: /font-style:\s*(\w+)/.exec(body!)?.[1],
  file: /url\("([^"]+)"\)/.exec(body!)?.[1],
  basicLatin: /unicode-range:\s*U\+0000-00FF/.test(body!),
}));
const sansToken = /--font-sans:\s*"([^"]+)"/.exec(css)?.[1];

describe("brand typeface", () => {
  it("the text token names a family that app.css defines", () => {
    expect(sansToken).toBe("Inter");
    expect(faces.some((face) => face.family === sansToken && face.file)).toBe(true);
  });

  it("preloads the file of the text family's upright Latin face, and only that", () => {
    expect(preloadedFonts).toHaveLength(1);
    const latin = faces.find((f) => f.family === sansToken && f.style === "normal" && f.basicLatin)!;
    expect(preloadedFonts[0]).toContain(latin.file!.split("/").pop()!);
  });

  it("defines the Latin faces after the faces they overlap, so Latin is tried first", () => {
    for (const family of new Set(faces.map((f) => f.family))) {
      for (const style of ["normal", "italic"]) {
        const same = faces.filter((f) => f.family === family && f.style === style);
        const latin = same.findIndex((f) => f.basicLatin);
        if (latin >= 0) expect(latin, `${family} ${style}`).toBe(same.length - 1);
      }
    }
  });
});
