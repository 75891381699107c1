import type { Locale } from "#shared/i18n/locales.ts";
import { isSlugSegment } from "./slug.ts";

/** A content error names the file and every problem in it, so a broken build says what to fix. */
export class ContentError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(
      `Invalid content (${problems.length} problem${problems.length === 1 ? "" : "s"}):\n  - ${problems.join("\n  - ")}`,
    );
    this.name = "ContentError";
    this.problems = problems;
  }
}

type FieldKind = "string" | "date" | "integer" | "boolean" | "strings" | "choice" | "items";
type FieldSpec = {
  kind: FieldKind;
  optional?: boolean;
  /** `choice`: the values allowed. */
  values?: readonly string[];
  /** `items`: the fields of each item of the list. */
  fields?: Spec;
  /** `items`, `strings`: how many entries the list needs at least. */
  min?: number;
};
type Spec = Record<string, FieldSpec>;

const required = <K extends FieldKind>(kind: K) => ({ kind });
const optional = <K extends FieldKind>(kind: K) => ({ kind, optional: true as const });
const choice = <const V extends readonly string[]>(values: V) => ({ kind: "choice" as const, values });
const items = <const F extends Spec>(fields: F, min = 1) => ({ kind: "items" as const, fields, min });

/** The icons a home page feature may name (the page draws each with its lucide icon). */
export const featureIcons = ["key", "devices", "refresh", "support", "clock", "shield"] as const;
export type FeatureIcon = (typeof featureIcons)[number];

/** The frontmatter each kind of markdown file must carry. */
const frontmatterSpecs = {
  home: {
    title: required("string"),
    description: required("string"),
    hero_title: required("string"),
    hero_subtitle: required("string"),
    features_title: required("string"),
    features: items({ icon: choice(featureIcons), title: required("string"), text: required("string") }, 3),
    plans_title: required("string"),
    plans_subtitle: required("string"),
    trial_points: { kind: "strings", min: 1 },
    paid_points: { kind: "strings", min: 1 },
    faq_title: required("string"),
    faq: items({ question: required("string"), answer: required("string") }),
    cta_title: required("string"),
    cta_text: required("string"),
  },
  page: { title: required("string"), description: required("string") },
  guide: {
    title: required("string"),
    description: required("string"),
    order: optional("integer"),
    platform: optional("string"),
  },
  blog: {
    title: required("string"),
    description: required("string"),
    date: required("date"),
    author: required("string"),
    tags: optional("strings"),
    /** A post dated after the build's day stays out of the site until then (see `isPublished`). */
    scheduled: optional("boolean"),
  },
  doc: { title: required("string"), description: required("string"), order: required("integer") },
} as const satisfies Record<string, Spec>;

type ValueOf<F extends FieldSpec> = F extends { kind: "items"; fields: infer S extends Spec }
  ? Infer<S>[]
  : F extends { kind: "choice"; values: readonly (infer V)[] }
    ? V
    : F["kind"] extends "integer"
      ? number
      : F["kind"] extends "boolean"
        ? boolean
        : F["kind"] extends "strings"
          ? string[]
          : string;
type Infer<S extends Spec> = {
  [K in keyof S as S[K] extends { optional: true } ? never : K]: ValueOf<S[K]>;
} & {
  [K in keyof S as S[K] extends { optional: true } ? K : never]?: ValueOf<S[K]>;
};

export type FrontmatterKind = keyof typeof frontmatterSpecs;
export type Frontmatter<K extends FrontmatterKind> = Infer<(typeof frontmatterSpecs)[K]>;
export type HomeFrontmatter = Frontmatter<"home">;
export type PageFrontmatter = Frontmatter<"page">;
export type GuideFrontmatter = Frontmatter<"guide">;
export type BlogFrontmatter = Frontmatter<"blog">;
export type DocFrontmatter = Frontmatter<"doc">;

/** A real calendar date written YYYY-MM-DD. */
function isIsoDate(value: unknown): value is string {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

function checkField(field: FieldSpec, value: unknown): string | undefined {
  switch (field.kind) {
    case "string":
      return typeof value === "string" && value.trim() ? undefined : "must be a non-empty string";
    case "date":
      return isIsoDate(value) ? undefined : "must be a date written YYYY-MM-DD (in quotes)";
    case "integer":
      return Number.isInteger(value) ? undefined : "must be a whole number";
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be true or false";
    case "strings":
      if (!Array.isArray(value) || !value.every((v) => typeof v === "string" && v.trim()))
        return "must be a list of non-empty strings";
      return value.length < (field.min ?? 0) ? `must list at least ${field.min}` : undefined;
    case "choice":
      return typeof value === "string" && field.values?.includes(value)
        ? undefined
        : `must be one of ${field.values?.join(", ")}`;
    case "items":
      if (!Array.isArray(value)) return "must be a list";
      return value.length < (field.min ?? 0) ? `must list at least ${field.min}` : undefined;
  }
}

/** Problems of a record against a spec: missing, mistyped and unknown fields, items included. */
function checkRecord(where: string, spec: Spec, record: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [name, field] of Object.entries(spec)) {
    const value = record[name];
    if (value === undefined || value === null) {
      if (!field.optional) problems.push(`${where}: "${name}" is required`);
      continue;
    }
    const problem = checkField(field, value);
    if (problem) problems.push(`${where}: "${name}" ${problem} (got ${JSON.stringify(value)})`);
    else if (field.kind === "items" && field.fields && Array.isArray(value)) {
      value.forEach((item: unknown, i) => {
        const at = `${where}: ${name}[${i}]`;
        if (typeof item !== "object" || item === null || Array.isArray(item))
          problems.push(`${at} must be fields (${Object.keys(field.fields!).join(", ")})`);
        else problems.push(...checkRecord(at, field.fields!, item as Record<string, unknown>));
      });
    }
  }
  for (const name of Object.keys(record)) {
    if (!(name in spec))
      problems.push(`${where}: unknown field "${name}" (expected ${Object.keys(spec).join(", ")})`);
  }
  return problems;
}

/**
 * Checks a file's frontmatter against its kind's spec; returns the typed value or throws a
 * ContentError naming the file and every missing, mistyped or unknown field.
 */
export function validateFrontmatter<K extends FrontmatterKind>(
  file: string,
  kind: K,
  data: unknown,
): Frontmatter<K> {
  const spec: Spec = frontmatterSpecs[kind];
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw new ContentError([`${file}: frontmatter missing (start the file with --- and YAML fields)`]);
  }
  const record = data as Record<string, unknown>;
  const problems = checkRecord(file, spec, record);
  if (problems.length > 0) throw new ContentError(problems);
  return record as Frontmatter<K>;
}

/**
 * Whether a blog post is out on `today` (the build's day, YYYY-MM-DD). A post dated later is left
 * out of the site when its frontmatter says `scheduled: true` (a build on or after its date
 * publishes it); otherwise the date is a mistake, and a ContentError names the file.
 */
export function isPublished(file: string, post: BlogFrontmatter, today: string): boolean {
  if (post.date <= today) return true;
  if (post.scheduled === true) return false;
  throw new ContentError([
    `${file}: "date" ${post.date} is after today (${today}): correct it, or add scheduled: true to publish the post on that day`,
  ]);
}

/** A heading of a rendered document, for the table of contents. */
export type Heading = { depth: number; id: string; text: string };

/** The text under one heading of a document (`id` is empty for the text before the first one). */
export type Section = { id: string; heading: string; text: string };

/** A markdown file rendered to safe HTML. */
export type Rendered = { html: string; headings: Heading[]; text: string; sections: Section[] };

/** One markdown document, rendered, in the locale it was written in. */
export type Doc<F> = Rendered & {
  /** Path from the locale folder without `.md` (`blog/2026/launch-week`). */
  id: string;
  /** The page slug (`2026/launch-week` for a blog post, `account` for a doc). */
  slug: string;
  locale: Locale;
  frontmatter: F;
};

/** Text in each locale (the JSON data files). */
export type Localized = Record<Locale, string>;

export type MilestoneStatus = "done" | "in-progress" | "planned";
export type Milestone = {
  id: string;
  title: Localized;
  description: Localized;
  status: MilestoneStatus;
  /** `YYYY-MM` */
  target: string;
  /** 0–100 */
  progress: number;
  items: Localized[];
};
export type Roadmap = { milestones: Milestone[] };

export type IssueStatus = "open" | "investigating" | "resolved";
export type KnownIssue = {
  id: string;
  title: Localized;
  description: Localized;
  status: IssueStatus;
  platforms: string[];
  /** `YYYY-MM-DD` */
  opened: string;
  /** `YYYY-MM-DD`, or null while not resolved */
  resolved: string | null;
  workaround: Localized | null;
};
export type KnownIssues = { issues: KnownIssue[] };

function isLocalized(value: unknown): value is Localized {
  const v = value as Record<string, unknown> | null;
  return (
    typeof v === "object" &&
    v !== null &&
    typeof v.en === "string" &&
    !!v.en.trim() &&
    typeof v.fr === "string" &&
    !!v.fr.trim()
  );
}

function checkId(problems: string[], where: string, id: unknown, seen: Set<string>) {
  if (typeof id !== "string" || !isSlugSegment(id)) {
    problems.push(`${where}: "id" must be lowercase words joined by hyphens (got ${JSON.stringify(id)})`);
  } else if (seen.has(id)) problems.push(`${where}: duplicate id "${id}"`);
  else seen.add(id);
}

/** Validates content/roadmap.json. */
export function validateRoadmap(file: string, data: unknown): Roadmap {
  const problems: string[] = [];
  const milestones = (data as { milestones?: unknown } | null)?.milestones;
  if (!Array.isArray(milestones)) throw new ContentError([`${file}: expected { "milestones": [...] }`]);
  const seen = new Set<string>();
  milestones.forEach((m: Record<string, unknown>, i) => {
    const where = `${file}: milestones[${i}]`;
    checkId(problems, where, m?.id, seen);
    for (const key of ["title", "description"]) {
      if (!isLocalized(m?.[key])) problems.push(`${where}: "${key}" must be { "en": "…", "fr": "…" }`);
    }
    if (!["done", "in-progress", "planned"].includes(m?.status as string)) {
      problems.push(
        `${where}: "status" must be "done", "in-progress" or "planned" (got ${JSON.stringify(m?.status)})`,
      );
    }
    if (typeof m?.target !== "string" || !/^\d{4}-(0[1-9]|1[0-2])$/.test(m.target)) {
      problems.push(`${where}: "target" must be YYYY-MM (got ${JSON.stringify(m?.target)})`);
    }
    const progress = m?.progress;
    if (typeof progress !== "number" || progress < 0 || progress > 100) {
      problems.push(`${where}: "progress" must be a number from 0 to 100 (got ${JSON.stringify(progress)})`);
    } else if (m.status === "done" && progress !== 100) {
      problems.push(`${where}: a "done" milestone has progress 100 (got ${progress})`);
    }
    if (!Array.isArray(m?.items) || !m.items.every(isLocalized)) {
      problems.push(`${where}: "items" must be a list of { "en": "…", "fr": "…" }`);
    }
  });
  if (problems.length > 0) throw new ContentError(problems);
  return data as Roadmap;
}

/**
 * Validates content/known-issues.json; an issue's dates cannot be after `today` (the build's day,
 * YYYY-MM-DD): the page tells what has happened.
 */
export function validateKnownIssues(file: string, data: unknown, today: string): KnownIssues {
  const problems: string[] = [];
  const issues = (data as { issues?: unknown } | null)?.issues;
  if (!Array.isArray(issues)) throw new ContentError([`${file}: expected { "issues": [...] }`]);
  const seen = new Set<string>();
  issues.forEach((issue: Record<string, unknown>, i) => {
    const where = `${file}: issues[${i}]`;
    checkId(problems, where, issue?.id, seen);
    for (const key of ["title", "description"]) {
      if (!isLocalized(issue?.[key])) problems.push(`${where}: "${key}" must be { "en": "…", "fr": "…" }`);
    }
    if (!["open", "investigating", "resolved"].includes(issue?.status as string)) {
      problems.push(
        `${where}: "status" must be "open", "investigating" or "resolved" (got ${JSON.stringify(issue?.status)})`,
      );
    }
    if (!Array.isArray(issue?.platforms) || !issue.platforms.every((p) => typeof p === "string" && p)) {
      problems.push(`${where}: "platforms" must be a list of strings`);
    }
    if (!isIsoDate(issue?.opened)) problems.push(`${where}: "opened" must be YYYY-MM-DD`);
    const resolved = issue?.resolved;
    if (resolved !== null && !isIsoDate(resolved))
      problems.push(`${where}: "resolved" must be YYYY-MM-DD or null`);
    if ((issue?.status === "resolved") !== (resolved !== null && resolved !== undefined)) {
      problems.push(`${where}: "resolved" is set exactly when "status" is "resolved"`);
    }
    if (isIsoDate(issue?.opened) && isIsoDate(resolved) && resolved < issue.opened) {
      problems.push(`${where}: "resolved" (${resolved}) is before "opened" (${issue.opened})`);
    }
    for (const key of ["opened", "resolved"]) {
      const date = issue?.[key];
      if (isIsoDate(date) && date > today)
        problems.push(`${where}: "${key}" ${date} is after today (${today})`);
    }
    if (issue?.workaround !== null && !isLocalized(issue?.workaround)) {
      problems.push(`${where}: "workaround" must be { "en": "…", "fr": "…" } or null`);
    }
  });
  if (problems.length > 0) throw new ContentError(problems);
  return data as KnownIssues;
}
