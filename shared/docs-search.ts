/**
 * The documentation search, one logic for the browser and the server: how the build indexes a
 * section (folded, lightly stemmed words), how a query is read (synonyms and abbreviations people
 * type, stop words dropped), how results are ranked (a match in a heading first) and what the
 * search box says. The browser runs it in src/enhance/docs-search.ts, the server for the search page
 * without JavaScript (server/site/docs-search.ts); neither loads MiniSearch through this file.
 */
import type MiniSearch from "minisearch";
import type { Options, Query, SearchOptions, SearchResult } from "minisearch";
import type { Locale } from "./i18n/locales.ts";

/** One section of a documentation page, as the search indexes it. */
export type SearchDocument = {
  id: string;
  slug: string;
  /** The section heading's id (empty for the page's introduction). */
  anchor: string;
  title: string;
  section: string;
  text: string;
};

/** One result: the section of a page that matched, with a few words around the match. */
export type SearchHit = { slug: string; anchor: string; title: string; section: string; snippet: string };

/** Results shown at most (the search box carries count messages for 1 to this many). */
export const maxHits = 8;

/** Longest query read, in characters: the rest is ignored. */
export const maxQueryLength = 200;

/** Lowercase, without accents: "Général" and "general" find each other. Keeps the length of NFC text. */
export function foldCase(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/** MiniSearch's own word boundaries (spaces and punctuation), for the index and the queries alike. */
const tokenize = (text: string): string[] => text.split(/[\n\r\p{Z}\p{P}]+/u).filter(Boolean);

// Suffixes a light stemmer takes off (longest first), and the shortest stem it leaves: enough for
// "résilier" to find "résiliation" and "factures" to find "facture", without a dictionary. A
// plural's final "s" goes down to three letters ("clés" → "cle", "apps" → "app").
const suffixes: Record<Locale, readonly string[]> = {
  fr: [
    "issements",
    "issement",
    "ations",
    "ation",
    "ements",
    "ement",
    "ments",
    "ment",
    "ieres",
    "iere",
    "iers",
    "ier",
    "ees",
    "ee",
    "es",
    "er",
    "ez",
    "e",
  ],
  en: ["ations", "ation", "ings", "ing", "ed", "es", "e"],
};
const shortestStem = 4;
const shortestPluralStem = 3;

/** A word as the index keeps it: folded, then its common inflection removed. */
export function stem(word: string, locale: Locale): string {
  const folded = foldCase(word);
  for (const suffix of suffixes[locale]) {
    if (folded.endsWith(suffix) && folded.length - suffix.length >= shortestStem) {
      return folded.slice(0, -suffix.length);
    }
  }
  if (/[^s]s$/.test(folded) && folded.length - 1 >= shortestPluralStem) return folded.slice(0, -1);
  return folded;
}

/** The stems of a text's words; single letters (the "l" of "l’essai", "e-mail"'s "e") are left out. */
function stemsOf(text: string, locale: Locale): string[] {
  return tokenize(text)
    .map((word) => stem(word, locale))
    .filter((word) => word.length > 1);
}

/**
 * Words and abbreviations people type for the same thing, in either language (a visitor may type
 * English on the French pages): any of them finds what the others name. An entry of several words
 * matches a section holding all of them. Read the docs' headings (content/{en,fr}/docs) when adding
 * a page or a section: its heading's words should be reachable from what people type.
 */
export const synonymGroups: readonly (readonly string[])[] = [
  [
    "two-factor",
    "two-step",
    "second factor",
    "2fa",
    "mfa",
    "otp",
    "totp",
    "a2f",
    "authenticator",
    "authenticator app",
    "deux facteurs",
    "double facteur",
    "deux étapes",
    "double authentification",
    "authentification forte",
    "authentificateur",
  ],
  ["passkey", "clé d’accès", "clés d’accès", "webauthn", "fido", "touch id", "face id", "windows hello"],
  [
    "cancel",
    "cancellation",
    "unsubscribe",
    "annuler",
    "annulation",
    "résilier",
    "résiliation",
    "désabonner",
    "désabonnement",
  ],
  [
    "refund",
    "reimbursement",
    "money back",
    "withdraw",
    "withdrawal",
    "cooling-off",
    "remboursement",
    "rembourser",
    "rétractation",
    "rétracter",
  ],
  ["password", "passphrase", "pwd", "mot de passe", "mots de passe", "mdp"],
  ["invoice", "receipt", "facture", "reçu"],
  ["email", "e-mail", "mail", "courriel"],
  ["verify", "verif", "verification", "vérifier", "vérification"],
  ["login", "log in", "sign in", "signin", "connexion", "se connecter", "connecter"],
  ["logout", "log out", "sign out", "signout", "déconnexion", "se déconnecter", "déconnecter"],
  ["signed out", "logged out", "session expired", "déconnecté", "session expirée"],
  ["sign up", "signup", "register", "registration", "create account", "inscription", "s’inscrire"],
  ["delete", "deletion", "erase", "close account", "supprimer", "suppression", "effacer"],
  ["forgot", "forgotten", "lost password", "reset password", "oublié", "réinitialiser", "réinitialisation"],
  ["credentials", "identifiants"],
  ["username", "user name", "nom d’utilisateur", "pseudo"],
  ["trial", "free trial", "essai", "période d’essai"],
  ["plan", "formule", "offre"],
  ["subscription", "abonnement", "souscription"],
  ["price", "pricing", "cost", "tarif", "prix", "coût"],
  ["payment", "pay", "paiement", "payer", "règlement"],
  ["card", "credit card", "debit card", "carte", "carte bancaire", "cb"],
  ["declined", "payment failed", "failed payment", "paiement échoué", "paiement refusé", "carte refusée"],
  ["yearly", "annual", "annually", "per year", "annuel", "annuelle", "par an"],
  ["monthly", "per month", "mensuel", "mensuelle", "par mois"],
  ["getting started", "get started", "setup", "set up", "install", "premiers pas", "démarrer", "installer"],
  [
    "troubleshooting",
    "troubleshoot",
    "problem",
    "issue",
    "error",
    "bug",
    "not working",
    "dépannage",
    "problème",
    "erreur",
    "panne",
  ],
  ["too many requests", "rate limit", "trop de requêtes"],
  ["privacy", "personal data", "gdpr", "confidentialité", "vie privée", "données personnelles", "rgpd"],
  ["cookie", "tracker", "traceur"],
  ["tv", "television", "télé", "télévision", "téléviseur"],
  ["phone", "smartphone", "mobile", "téléphone", "portable"],
  ["help", "support", "contact", "assistance", "aide"],
];

// Words that say nothing about what is looked for: left out of a query, unless nothing else is left
// ("how do I cancel" is "cancel"). They still count inside a synonym ("mot de passe", "log in").
const stopWords: Record<Locale, readonly string[]> = {
  en: "a an and are be can do does for from how i in is it my of on or the this to what where with your".split(
    " ",
  ),
  fr: "au aux avec ce ces comment dans de des du en est et je la le les ma mes mon ne ou où par pour que quel quelle qui se sur un une vos votre".split(
    " ",
  ),
};

type Lexicon = {
  /** A synonym's stems, joined by spaces → the groups it belongs to. */
  phrases: Map<string, number[]>;
  longestPhrase: number;
  stopWords: Set<string>;
};

const lexicons = new Map<Locale, Lexicon>();

function lexiconOf(locale: Locale): Lexicon {
  let lexicon = lexicons.get(locale);
  if (!lexicon) {
    const phrases = new Map<string, number[]>();
    let longestPhrase = 1;
    synonymGroups.forEach((group, index) => {
      for (const entry of group) {
        const stems = stemsOf(entry, locale);
        const key = stems.join(" ");
        phrases.set(key, [...new Set([...(phrases.get(key) ?? []), index])]);
        longestPhrase = Math.max(longestPhrase, stems.length);
      }
    });
    const stops = new Set(stopWords[locale].map((word) => stem(word, locale)));
    lexicon = { phrases, longestPhrase, stopWords: stops };
    lexicons.set(locale, lexicon);
  }
  return lexicon;
}

/** One way of saying a part of the query: its words as typed (or the synonym's), and their stems. */
type Alternative = { text: string; stems: string[]; typed: boolean };
/** A part of the query (a word, or words naming one synonym): a section must match one alternative. */
type QueryPart = Alternative[];

/** Whether a stem also finds the longer words it starts: always for what was typed (searching as one types). */
const prefixFor = (alternative: Alternative) => (term: string) => alternative.typed || term.length >= 5;

/** The query read into parts: synonyms found (the longest first), stop words dropped. */
export function queryParts(query: string, locale: Locale): QueryPart[] {
  const lexicon = lexiconOf(locale);
  const words = tokenize(query.slice(0, maxQueryLength))
    .map((word) => ({ word, stem: stem(word, locale) }))
    .filter(({ stem }) => stem.length > 1);
  const parts: QueryPart[] = [];
  for (let i = 0; i < words.length;) {
    let size = Math.min(lexicon.longestPhrase, words.length - i);
    let groups: number[] | undefined;
    for (; size >= 1; size--) {
      groups = lexicon.phrases.get(
        words
          .slice(i, i + size)
          .map((w) => w.stem)
          .join(" "),
      );
      if (groups) break;
    }
    size = Math.max(size, 1);
    const typed = words.slice(i, i + size);
    const own: Alternative = {
      text: typed.map((w) => w.word).join(" "),
      stems: typed.map((w) => w.stem),
      typed: true,
    };
    const others = (groups ?? [])
      .flatMap((group) => synonymGroups[group]!)
      .map((entry) => ({ text: entry, stems: stemsOf(entry, locale), typed: false }))
      .filter((alternative) => alternative.stems.join(" ") !== own.stems.join(" "));
    parts.push([own, ...others]);
    i += size;
  }
  const meaningful = parts.filter(
    (part) => part.length > 1 || part[0]!.stems.length > 1 || !lexicon.stopWords.has(part[0]!.stems[0]!),
  );
  return meaningful.length > 0 ? meaningful : parts;
}

/** What was typed: prefix and fuzzy matching (a typo, a word not finished yet); synonyms: exact. */
const typedOptions = { prefix: true, fuzzy: 0.2 } as const;

function miniSearchQuery(parts: QueryPart[], combineWith: "AND" | "OR"): Query {
  return {
    combineWith,
    queries: parts.map((part) => ({
      combineWith: "OR",
      queries: part.map((alternative) => ({
        combineWith: "AND",
        queries: [alternative.text],
        prefix: prefixFor(alternative),
        fuzzy: alternative.typed ? typedOptions.fuzzy : false,
      })),
    })),
  };
}

/** MiniSearch options of a locale's index, shared by the build (indexing) and its readers. */
export function searchIndexOptions(locale: Locale): Options<SearchDocument> {
  return {
    fields: ["title", "section", "text"],
    storeFields: ["slug", "anchor", "title", "section", "text"],
    tokenize,
    processTerm: (term) => {
      const stemmed = stem(term, locale);
      return stemmed.length > 1 ? stemmed : null;
    },
  };
}

/** How a query is scored: section headings weigh most, then page titles, then the text. */
const scoreOptions: SearchOptions = { ...typedOptions, boost: { section: 3, title: 2 } };

const headingFields = ["title", "section"];

/** Whether a result holds a part of the query as such (not by a typo's fuzzy match), in `fields` or anywhere. */
function holds(result: SearchResult, part: QueryPart, fields?: readonly string[]): boolean {
  const matched = Object.entries(result.match).filter(
    ([, where]) => !fields || where.some((field) => fields.includes(field)),
  );
  return part.some((alternative) => {
    const prefix = prefixFor(alternative);
    return alternative.stems.every((s) =>
      matched.some(([term]) => term === s || (prefix(s) && term.startsWith(s))),
    );
  });
}

/**
 * The search: sections that hold every part of the query (else, for a query of several parts,
 * any), ranked by how many parts a heading holds (the page's title or the section's), then how
 * many the section holds as typed rather than by a typo, then MiniSearch's score; one result per
 * page, at its best section, with a few words around the match.
 */
export function searchDocs(
  index: MiniSearch<SearchDocument>,
  query: string,
  locale: Locale,
  limit = maxHits,
): SearchHit[] {
  const parts = queryParts(query, locale);
  if (parts.length === 0) return [];
  let results = index.search(miniSearchQuery(parts, "AND"), scoreOptions);
  if (results.length === 0 && parts.length > 1) {
    results = index.search(miniSearchQuery(parts, "OR"), scoreOptions);
  }
  const ranked = results
    .map((result) => ({
      result,
      inHeading: parts.filter((part) => holds(result, part, headingFields)).length,
      asTyped: parts.filter((part) => holds(result, part)).length,
    }))
    .sort((a, b) => b.inHeading - a.inHeading || b.asTyped - a.asTyped || b.result.score - a.result.score);
  const pages = new Set<string>();
  const hits: SearchHit[] = [];
  for (const { result } of ranked) {
    const slug = String(result.slug);
    if (pages.has(slug)) continue;
    pages.add(slug);
    // Around the first word typed the text holds, else the first synonym, else any match (a typo).
    const found = (typed: boolean) =>
      result.terms.filter((term) =>
        parts.some((part) =>
          part.some(
            (a) =>
              a.typed === typed && a.stems.some((s) => term === s || (prefixFor(a)(s) && term.startsWith(s))),
          ),
        ),
      );
    hits.push({
      slug,
      anchor: String(result.anchor),
      title: String(result.title),
      section: String(result.section),
      snippet: snippetOf(String(result.text), [...found(true), ...found(false), ...result.terms], locale),
    });
    if (hits.length === limit) break;
  }
  return hits;
}

/**
 * About `size` characters of `text` around the first word whose stem starts like one of `stems`
 * (the first of them found wins), cut at word boundaries, with "…" where text was left out.
 */
export function snippetOf(text: string, stems: readonly string[], locale: Locale, size = 140): string {
  const folded = foldCase(text);
  const words = [...folded.matchAll(/[\p{L}\p{N}]+/gu)];
  let at = 0;
  search: for (const s of stems) {
    for (const match of words) {
      if (match[0].startsWith(s) || stem(match[0], locale).startsWith(s)) {
        at = match.index;
        break search;
      }
    }
  }
  let start = Math.max(0, at - Math.round(size / 3));
  let end = Math.min(text.length, start + size);
  if (start > 0) start = text.indexOf(" ", start) + 1 || start;
  if (end < text.length) end = text.lastIndexOf(" ", end) > at ? text.lastIndexOf(" ", end) : end;
  return `${start > 0 ? "…" : ""}${text.slice(start, end).trim()}${end < text.length ? "…" : ""}`;
}

/** `{name}` placeholders replaced in one pass (a query holding `{count}` or `$&` stays as typed). */
export const fillMessage = (template: string | null | undefined, values: Record<string, string>) =>
  (template ?? "").replace(/\{(\w+)\}/g, (match, name: string) => values[name] ?? match);

/** Where the search stands: the index is loading, has answered, or could not be loaded. */
export type SearchState = "loading" | "ready" | "error";

/**
 * The search box's status line, from the messages its markup carries (`data-msg-{name}`): the
 * error; for an empty query the hint (`empty`, the search page's) or nothing; nothing while
 * loading; else how many pages match (`count-{plural category}`) or that none does (`none`).
 */
export function searchStatus(
  state: SearchState,
  query: string,
  count: number,
  locale: Locale,
  message: (name: string) => string | null | undefined,
): string {
  const shown = query.trim();
  const values = { query: shown, count: String(count) };
  if (state === "error") return fillMessage(message("error"), values);
  if (!shown) return message("empty") ?? "";
  if (state !== "ready") return "";
  if (count === 0) return fillMessage(message("none"), values);
  const category = new Intl.PluralRules(locale).select(count);
  return fillMessage(message(`count-${category}`) ?? message("count-other"), values);
}

/**
 * A result as the box lists it: the link (`resultHref` with `{slug}` replaced by the page and the
 * section's anchor), the page's title and section's heading, and the snippet.
 */
export function resultView(hit: SearchHit, resultHref: string) {
  return {
    href: fillMessage(resultHref, { slug: hit.anchor ? `${hit.slug}#${hit.anchor}` : hit.slug }),
    title: hit.section ? `${hit.title} › ${hit.section}` : hit.title,
    description: hit.snippet,
  };
}
