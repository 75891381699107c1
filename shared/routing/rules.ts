import type { RouteRule } from "./types.ts";

export type RuleRedirect = { to: string; statusCode: number; external: boolean };

/** True for a target on another origin (`https://…`, `//…`): the client leaves with a full load. */
export function isAbsoluteUrl(target: string): boolean {
  return /^[a-z][a-z\d+.-]*:/i.test(target) || target.startsWith("//");
}

/**
 * Checks route rules once, so a bad manifest is reported instead of misrouting: every key is a path, `/**` only at the end, and no target is
 * itself redirected (no chains, no loops).
 */
export function validateRouteRules(rules: Record<string, RouteRule>): Record<string, RouteRule> {
  for (const [pattern, rule] of Object.entries(rules)) {
    if (!pattern.startsWith("/") || pattern.slice(0, -3).includes("*")) {
      throw new Error(`Invalid route rule "${pattern}": a path, with "/**" only at its end`);
    }
    const to = rule?.redirect?.to;
    if (typeof to !== "string" || !to) throw new Error(`Route rule "${pattern}" has no redirect target`);
    if (!isAbsoluteUrl(to) && findRedirect(rules, to.replace(/\/\*\*$/, ""), false)) {
      throw new Error(`Route rule "${pattern}" redirects to "${to}", which is redirected again`);
    }
  }
  return rules;
}

function findRedirect(
  rules: Record<string, RouteRule>,
  pathname: string,
  carry = true,
): RuleRedirect | undefined {
  const exact = rules[pathname];
  if (exact) return toRedirect(exact.redirect.to, exact, "");
  // The longest matching prefix wins.
  let best: { prefix: string; rule: RouteRule } | undefined;
  for (const [pattern, rule] of Object.entries(rules)) {
    if (!pattern.endsWith("/**")) continue;
    const prefix = pattern.slice(0, -3);
    if (pathname.startsWith(`${prefix}/`) && (!best || prefix.length > best.prefix.length))
      best = { prefix, rule };
  }
  if (!best) return undefined;
  return toRedirect(best.rule.redirect.to, best.rule, carry ? pathname.slice(best.prefix.length) : "");
}

function toRedirect(to: string, rule: RouteRule, rest: string): RuleRedirect {
  const target = to.endsWith("/**") ? to.slice(0, -3) + rest : to;
  return { to: target, statusCode: rule.redirect.statusCode ?? 302, external: isAbsoluteUrl(target) };
}

/** The redirect a path is subject to under the route rules, keeping the query string; else undefined. */
export function matchRouteRule(
  rules: Record<string, RouteRule>,
  pathname: string,
  search = "",
): RuleRedirect | undefined {
  const redirect = findRedirect(rules, pathname);
  if (!redirect) return undefined;
  return redirect.external || !search ? redirect : { ...redirect, to: redirect.to + search };
}
