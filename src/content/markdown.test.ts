import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.ts";

describe("renderMarkdown tables", () => {
  it("labels each body cell with its column's header, for the phone layout", () => {
    const { html, text } = renderMarkdown(
      "|   | Free trial | Lumen *monthly* |\n| - | - | - |\n| Price | 0 € | 4,99 € |\n| Support | Discord |  |",
    );
    expect(html).toMatch(
      /<tr>\s*<td><\/td>\s*<th>Free trial<\/th>\s*<th>Lumen <em>monthly<\/em><\/th>\s*<\/tr>/,
    );
    expect(html).toMatch(
      /<tr>\s*<td>Price<\/td>\s*<td data-label="Free trial">0 €<\/td>\s*<td data-label="Lumen monthly">4,99 €<\/td>\s*<\/tr>/,
    );
    expect(html).toMatch(/<td data-label="Free trial">Discord<\/td>\s*<td data-label="Lumen monthly"><\/td>/);
    // The labels are attributes, not words of the page: search reads each once.
    expect(text.match(/Free trial/g)).toHaveLength(1);
  });
});
