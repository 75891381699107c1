import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { contentSlugs, readContent } from "./load.server.ts";
import { renderMarkdown, splitFrontmatter } from "./markdown.ts";
import { pickLocale } from "./pick.ts";
import { ContentError, validateFrontmatter, validateKnownIssues, validateRoadmap } from "./schema.ts";

function fixture(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), "content-"));
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), body);
  }
  return root;
}

const md = (frontmatter: string, body = "Text.") => `---\n${frontmatter}\n---\n${body}\n`;
const post = (title: string, date: string) =>
  md(`title: "${title}"\ndescription: "About ${title}"\ndate: "${date}"\nauthor: "Team"\ntags: ["news"]`);

describe("markdown rendering", () => {
  it("renders GFM, drops raw HTML and unsafe links, and slugs headings", () => {
    const { html, headings, text } = renderMarkdown(
      [
        "## What you need",
        "",
        '<script>alert(1)</script><img src=x onerror="alert(1)">',
        "",
        "[bad](javascript:alert(1)) [ext](https://example.com) [int](/guides)",
        "",
        "| a | b |\n| - | - |\n| 1 | 2 |",
        "",
        "### Step *one*",
      ].join("\n"),
    );
    expect(html).toContain('<h2 id="what-you-need">What you need</h2>');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("onerror");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer">ext</a>');
    expect(html).toContain('<a href="/guides">int</a>');
    expect(html).toContain('<table tabindex="0">');
    expect(renderMarkdown("|   | Free |\n| - | - |\n| Price | 0 |").html).toMatch(
      /<tr>\s*<td><\/td>\s*<th>Free<\/th>/,
    );
    expect(headings).toEqual([
      { depth: 2, id: "what-you-need", text: "What you need" },
      { depth: 3, id: "step-one", text: "Step one" },
    ]);
    expect(text).toContain("What you need");
    expect(text).not.toContain("<");
  });

  it("shifts headings and prefixes ids for documents sharing a page", () => {
    const { html, headings } = renderMarkdown("## Steps", { headingOffset: 1, idPrefix: "tv-" });
    expect(html).toBe('<h3 id="tv-steps">Steps</h3>');
    expect(headings).toEqual([{ depth: 3, id: "tv-steps", text: "Steps" }]);
  });

  it("reads YAML frontmatter and reports a missing or broken one by file", () => {
    expect(splitFrontmatter("a.md", '---\ntitle: "Hi"\n---\nBody')).toEqual({
      data: { title: "Hi" },
      body: "Body",
    });
    expect(() => splitFrontmatter("a.md", "# no frontmatter")).toThrow(/a\.md: frontmatter missing/);
    expect(() => splitFrontmatter("a.md", "---\ntitle: [\n---\n")).toThrow(
      /a\.md: frontmatter is not valid YAML/,
    );
  });
});

describe("frontmatter validation", () => {
  it("accepts a valid blog post and types it", () => {
    const fm = validateFrontmatter("p.md", "blog", {
      title: "T",
      description: "D",
      date: "2026-06-23",
      author: "A",
      tags: ["x"],
    });
    expect(fm.date).toBe("2026-06-23");
  });

  it("lists every problem with the file name", () => {
    let error: unknown;
    try {
      validateFrontmatter("content/en/blog/x.md", "blog", {
        title: "",
        date: "2026-02-30",
        tags: "x",
        titel: "T",
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContentError);
    const problems = (error as ContentError).problems;
    expect(problems).toEqual([
      'content/en/blog/x.md: "title" must be a non-empty string (got "")',
      'content/en/blog/x.md: "description" is required',
      'content/en/blog/x.md: "date" must be a date written YYYY-MM-DD (in quotes) (got "2026-02-30")',
      'content/en/blog/x.md: "author" is required',
      'content/en/blog/x.md: "tags" must be a list of non-empty strings (got "x")',
      'content/en/blog/x.md: unknown field "titel" (expected title, description, date, author, tags, scheduled)',
    ]);
  });

  it("checks the home page's lists item by item", () => {
    const feature = { icon: "key", title: "T", text: "X" };
    const home = {
      title: "T",
      description: "D",
      hero_title: "H",
      hero_subtitle: "S",
      features_title: "F",
      features: [feature, feature, feature],
      plans_title: "P",
      plans_subtitle: "S",
      trial_points: ["a"],
      paid_points: ["b"],
      faq_title: "Q",
      faq: [{ question: "Q?", answer: "A." }],
      cta_title: "C",
      cta_text: "T",
    };
    expect(validateFrontmatter("home.md", "home", home).features[0]?.icon).toBe("key");
    let error: unknown;
    try {
      validateFrontmatter("home.md", "home", {
        ...home,
        features: [feature, { ...feature, icon: "rocket" }, { title: "T", text: "" }],
        faq: [{ question: "Q?", answer: "A.", anwser: "A." }],
        paid_points: [],
      });
    } catch (e) {
      error = e;
    }
    expect((error as ContentError).problems).toEqual([
      'home.md: features[1]: "icon" must be one of key, devices, refresh, support, clock, shield (got "rocket")',
      'home.md: features[2]: "icon" is required',
      'home.md: features[2]: "text" must be a non-empty string (got "")',
      'home.md: "paid_points" must list at least 1 (got [])',
      'home.md: faq[0]: unknown field "anwser" (expected question, answer)',
    ]);
  });

  it("validates the roadmap and known issues data", () => {
    const milestone = {
      id: "apps",
      title: { en: "Apps", fr: "Applis" },
      description: { en: "D", fr: "D" },
      status: "in-progress",
      target: "2026-12",
      progress: 40,
      items: [{ en: "a", fr: "a" }],
    };
    expect(validateRoadmap("r.json", { milestones: [milestone] }).milestones).toHaveLength(1);
    expect(() =>
      validateRoadmap("r.json", { milestones: [{ ...milestone, status: "done", target: "2026-13" }] }),
    ).toThrow(/"target" must be YYYY-MM[\s\S]*"done" milestone has progress 100/);
    const issue = {
      id: "tv-lag",
      title: { en: "T", fr: "T" },
      description: { en: "D", fr: "D" },
      status: "resolved",
      platforms: ["tv"],
      opened: "2026-06-10",
      resolved: "2026-06-12",
      workaround: null,
    };
    const today = "2026-11-27";
    expect(validateKnownIssues("k.json", { issues: [issue] }, today).issues).toHaveLength(1);
    expect(() =>
      validateKnownIssues("k.json", { issues: [{ ...issue, resolved: "2026-06-01" }] }, today),
    ).toThrow(/before "opened"/);
    expect(() => validateKnownIssues("k.json", { issues: [{ ...issue, status: "open" }] }, today)).toThrow(
      /"resolved" is set exactly when/,
    );
    expect(() => validateKnownIssues("k.json", { issues: [issue, issue] }, today)).toThrow(
      /duplicate id "tv-lag"/,
    );
    expect(() =>
      validateKnownIssues("k.json", { issues: [{ ...issue, resolved: "2026-11-28" }] }, today),
    ).toThrow('k.json: issues[0]: "resolved" 2026-11-28 is after today (2026-11-27)');
  });
});

describe("reading the content folder", () => {
  it("loads every kind of file, sorted, with nested blog slugs", () => {
    const root = fixture({
      "en/home.md": md(
        [
          'title: "Home"\ndescription: "D"\nhero_title: "Hero"\nhero_subtitle: "Sub"',
          'features_title: "F"\nfeatures: [{ icon: "key", title: "T", text: "X" }, { icon: "clock", title: "T", text: "X" }, { icon: "shield", title: "T", text: "X" }]',
          'plans_title: "P"\nplans_subtitle: "S"\ntrial_points: ["a"]\npaid_points: ["b"]',
          'faq_title: "Q"\nfaq: [{ question: "Q?", answer: "A." }]\ncta_title: "C"\ncta_text: "T"',
        ].join("\n"),
      ),
      "en/guides/index.md": md('title: "Guides"\ndescription: "D"'),
      "en/guides/tv.md": md('title: "TV"\ndescription: "D"\norder: 2\nplatform: "tv"', "## Steps"),
      "en/guides/web.md": md('title: "Web"\ndescription: "D"\norder: 1\nplatform: "web"', "## Steps"),
      "en/blog/older.md": post("Older", "2026-01-01"),
      "en/blog/2026/newer.md": post("Newer", "2026-06-01"),
      "fr/blog/seulement-fr.md": post("Seulement", "2026-03-01"),
      "en/docs/index.md": md('title: "Docs"\ndescription: "D"\norder: 0'),
      "en/docs/b.md": md('title: "B"\ndescription: "D"\norder: 2'),
      "en/docs/a.md": md('title: "A"\ndescription: "D"\norder: 1'),
      "fr/pages/more.md": md('title: "Plus"\ndescription: "D"'),
      "roadmap.json": JSON.stringify({ milestones: [] }),
    });
    const content = readContent(root);
    expect(content.home.en?.frontmatter.hero_title).toBe("Hero");
    expect(content.home.fr).toBeUndefined();
    expect(content.guides.en.platforms.map((g) => g.slug)).toEqual(["web", "tv"]);
    expect(content.guides.en.platforms[0]?.html).toBe('<h3 id="web-steps">Steps</h3>');
    expect(content.blog.en.map((p) => p.slug)).toEqual(["2026/newer", "older"]);
    expect(content.docs.en.map((d) => d.slug)).toEqual(["a", "b"]);
    expect(content.pages.fr.more?.frontmatter.title).toBe("Plus");
    expect(contentSlugs(content)).toEqual({
      blog: ["2026/newer", "older", "seulement-fr"],
      docs: ["a", "b"],
    });
    expect(
      pickLocale(content.pages.en.more ? content.pages.en : { fr: content.pages.fr.more }, "en")
        ?.contentLocale,
    ).toBe("fr");
  });

  it("reports every broken file of the folder at once", () => {
    const root = fixture({
      "en/blog/Bad_Name.md": post("X", "2026-01-01"),
      "en/blog/ok.md": md('title: "No date"\ndescription: "D"\nauthor: "A"'),
      "en/docs/x.md": md('title: "X"\ndescription: "D"'),
      "known-issues.json": "{ nope",
    });
    expect(() => readContent(root)).toThrow(ContentError);
    try {
      readContent(root);
    } catch (error) {
      const problems = (error as ContentError).problems.join("\n");
      expect(problems).toMatch(/Bad_Name\.md: blog file and folder names/);
      expect(problems).toMatch(/ok\.md: "date" is required/);
      expect(problems).toMatch(/x\.md: "order" is required/);
      expect(problems).toMatch(/known-issues\.json: not valid JSON/);
    }
  });

  it("refuses a doc named after the docs search page, which would hide it", () => {
    const root = fixture({ "fr/docs/search.md": md('title: "Recherche"\ndescription: "D"\norder: 1') });
    expect(() => readContent(root)).toThrow(ContentError);
    try {
      readContent(root);
    } catch (error) {
      expect((error as ContentError).problems).toEqual([
        `${path.basename(root)}/fr/docs/search.md: "search" is the address of the docs search page: name the file otherwise`,
      ]);
    }
  });

  it("fails on a blog post dated after today, naming the file in one line", () => {
    const root = fixture({ "en/blog/2026/soon.md": post("Soon", "2026-11-30") });
    let error: unknown;
    try {
      readContent(root, "2026-11-27");
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).problems).toEqual([
      `${path.basename(root)}/en/blog/2026/soon.md: "date" 2026-11-30 is after today (2026-11-27): correct it, or add scheduled: true to publish the post on that day`,
    ]);
    // On its day, the post is out.
    expect(readContent(root, "2026-11-30").blog.en.map((p) => p.slug)).toEqual(["2026/soon"]);
  });

  it("leaves a scheduled post out of the site until its date", () => {
    const scheduled = (date: string) => post("Soon", date).replace("---\nText", "scheduled: true\n---\nText");
    const root = fixture({
      "en/blog/soon.md": scheduled("2026-11-30"),
      "en/blog/out.md": scheduled("2026-11-01"),
      "fr/blog/soon.md": scheduled("2026-11-30"),
    });
    const before = readContent(root, "2026-11-27");
    expect(before.blog.en.map((p) => p.slug)).toEqual(["out"]);
    expect(contentSlugs(before).blog).toEqual(["out"]);
    expect(readContent(root, "2026-11-30").blog.en.map((p) => p.slug)).toEqual(["soon", "out"]);
    expect(() =>
      readContent(
        fixture({
          "en/blog/x.md": post("X", "2026-11-01").replace("---\nText", "scheduled: yes\n---\nText"),
        }),
      ),
    ).toThrow(/"scheduled" must be true or false/);
  });

  it("prefers the asked locale and falls back to the other one", () => {
    expect(pickLocale({ en: 1, fr: 2 }, "fr")).toEqual({ value: 2, contentLocale: "fr" });
    expect(pickLocale({ en: 1 }, "fr")).toEqual({ value: 1, contentLocale: "en" });
    expect(pickLocale({}, "fr")).toBeUndefined();
  });
});

describe("the project's content folder", () => {
  it("is valid", () => {
    const content = readContent(path.resolve("content"));
    expect(Object.keys(content.pages.en).length + Object.keys(content.pages.fr).length).toBeGreaterThan(0);
  });
});

describe("the site's own content", () => {
  /** Every text file of a locale's content, and the locale's strings of the structured data. */
  function textsOf(locale: "en" | "fr"): { file: string; text: string }[] {
    const dir = path.join("content", locale);
    const files = readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
      .map((entry) => path.join(entry.parentPath, entry.name));
    const data = ["content/roadmap.json", "content/known-issues.json"].map((file) => ({
      file,
      text: JSON.stringify(JSON.parse(readFileSync(file, "utf8")), (key, value: unknown) =>
        key === (locale === "en" ? "fr" : "en") ? undefined : value,
      ),
    }));
    return [...files.map((file) => ({ file, text: readFileSync(file, "utf8") })), ...data];
  }

  it("writes prices as the price formatter does: €4.99 in English, 4,99 € in French", () => {
    for (const { file, text } of textsOf("en")) expect(text, file).not.toMatch(/\d €|\d,\d\d\s?€/);
    for (const { file, text } of textsOf("fr")) expect(text, file).not.toMatch(/€\s?\d|\d\.\d\d\s?€/);
  });
});
