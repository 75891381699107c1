import { twMerge } from "tailwind-merge";

/**
 * The elements under `root` whose class list holds two Tailwind utilities that set the same thing
 * (`px-4 px-1.5`, `inline-flex hidden`): which one applies would depend on the stylesheet's order,
 * since `cn()` joins class names without resolving conflicts. tailwind-merge (a development
 * dependency, never in the app) names the losers.
 */
export function classConflicts(root: Element): string[] {
  const found = new Set<string>();
  for (const element of root.querySelectorAll("[class]")) {
    const classes = (element.getAttribute("class") ?? "").split(/\s+/).filter(Boolean);
    const kept = new Set(twMerge(classes.join(" ")).split(" "));
    const dropped = [...new Set(classes)].filter((name) => !kept.has(name));
    if (dropped.length > 0) {
      const slot = element.getAttribute("data-slot");
      found.add(
        `<${element.localName}${slot ? ` data-slot="${slot}"` : ""}> ${dropped.join(" ")} in "${classes.join(" ")}"`,
      );
    }
  }
  return [...found];
}
