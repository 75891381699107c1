import { describe, expect, it } from "vitest";
import { legalDetailsFromEnv, unconfiguredLegalDetails } from "#shared/seller.ts";
import { renderMarkdown } from "./markdown.ts";
import { ContentError } from "./schema.ts";
import { contentTokens, fillTokens } from "./tokens.ts";

const page = [
  "The site is published by **{{seller.name}}**.",
  "",
  "- Registered office: {{seller.address}}",
  "- Email: {{support.email}}",
  "- On our [community page](/discord)",
].join("\n");

describe("the seller's details in the content", () => {
  it("fills each token with the configured value, in the page's language", () => {
    const legal = legalDetailsFromEnv({
      SELLER_NAME: "Lumen SAS",
      SELLER_ADDRESS: "12 rue de la Paix, 75002 Paris",
      SUPPORT_EMAIL: "help@lumen.example",
    });
    const { html } = renderMarkdown(fillTokens("page.md", page, contentTokens(legal, "en")));
    expect(html).toContain("<strong>Lumen SAS</strong>");
    expect(html).toContain("<li>Registered office: 12 rue de la Paix, 75002 Paris</li>");
    expect(html).toContain('<a href="mailto:help@lumen.example">help@lumen.example</a>');
    expect(fillTokens("p.md", "{{plans.monthly}}", contentTokens(legal, "fr"))).toBe("4,99\u00a0€");
  });

  it("leaves out a line whose value is not configured, never a placeholder", () => {
    const filled = fillTokens("page.md", page, contentTokens(unconfiguredLegalDetails, "en"));
    expect(filled).toBe("\n- On our [community page](/discord)");
  });

  it("leaves out a heading whose every line was left out, and keeps the others", () => {
    const markdown =
      "## Publisher\n\n- Name: {{seller.name}}\n\n## Hosting\n\nHosted by {{host.name}}.\n\n### Contact\n\nOn Discord.";
    const filled = fillTokens("page.md", markdown, contentTokens(unconfiguredLegalDetails, "en"));
    expect(filled).not.toContain("## Publisher");
    expect(filled).toContain("## Hosting");
    expect(filled).toContain("### Contact\n\nOn Discord.");
  });

  it("shows a value as written, even when it looks like markdown or HTML", () => {
    const legal = legalDetailsFromEnv({
      SELLER_NAME: "*Lumen* [SAS](https://evil.example) <b>x</b>",
      SELLER_ADDRESS: "1_2 `rue` # 3",
    });
    const tokens = contentTokens(legal, "en");
    const { html, text } = renderMarkdown(fillTokens("page.md", page, tokens));
    expect(text).toContain("*Lumen* [SAS](https://evil.example) <b>x</b>");
    expect(text).toContain("1_2 `rue` # 3");
    expect(html).not.toContain("<em>");
    expect(html).not.toContain(">SAS</a>");
    expect(html).not.toContain("<b>");
  });

  it("refuses a token it does not know, naming the file", () => {
    expect(() => fillTokens("content/en/pages/cgv.md", "{{seller.nmae}}", {})).toThrow(ContentError);
    expect(() => fillTokens("content/en/pages/cgv.md", "{{seller.nmae}}", {})).toThrow(
      /content\/en\/pages\/cgv\.md: unknown token \{\{seller\.nmae\}\}/,
    );
  });
});
