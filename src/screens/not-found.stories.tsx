import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { NotFoundScreen } from "./not-found.tsx";

const meta = {
  title: "Screens/NotFound",
  component: NotFoundScreen,
  args: { path: "/no/such/page" },
} satisfies Meta<typeof NotFoundScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A path no page has, named (the server writes it into the prerendered page). */
export const WithPath: Story = {
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent(
      globals.locale === "fr" ? /^Page introuvable\s: \/no\/such\/page$/ : "Page not found: /no/such/page",
    );
  },
};

/** A page's path whose last part names nothing (an unknown doc or post): the same design, its text. */
export const Invalid: Story = {
  args: { path: "/fr/docs/no-such-doc", kind: "invalid" },
  play: async ({ canvasElement, globals }) => {
    await expect(within(canvasElement).getByRole("heading", { level: 1 })).toHaveTextContent(
      globals.locale === "fr"
        ? /^Page introuvable\s: \/fr\/docs\/no-such-doc$/
        : "Page Not Found: /fr/docs/no-such-doc",
    );
  },
};

const longBlogPath = "/blog/how-we-made-stremio-setup-take-two-minutes-instead-of-twenty/comments";
const longDocsPath = "/fr/docs/troubleshooting/streams-that-stop-after-a-few-seconds-on-android-tv";

/** Renders the screen for an English `path`, under `/fr` in French. */
function inLocale(path: string): Story["render"] {
  return function Render(args, { globals }) {
    return <NotFoundScreen {...args} path={globals.locale === "fr" ? `/fr${path}` : path} />;
  };
}

/** Every box of the heading's path starts either the line or right after a slash. */
async function expectBreaksOnlyAfterSlashes(heading: HTMLElement) {
  const boxes = [...heading.querySelectorAll<HTMLElement>("[data-request-path] > span")];
  await expect(boxes.length).toBeGreaterThan(2);
  for (const box of boxes.slice(0, -1)) await expect(box.textContent).toMatch(/\/$/);
  // Boxes are whole: a box breaks inside only when it is wider than the line by itself.
  const lineHeight = parseFloat(getComputedStyle(heading).lineHeight);
  for (const box of boxes) {
    if (box.textContent!.length < 30)
      await expect(box.getBoundingClientRect().height).toBeLessThan(lineHeight * 1.5);
  }
  await expect(heading.scrollWidth).toBeLessThanOrEqual(heading.clientWidth);
}

/**
 * A long missing path under the blog, on a phone: it wraps only after a slash, and the blog's
 * index is offered besides the home page and the docs search (in the visitor's locale).
 */
export const LongBlogPath: Story = {
  args: { kind: "invalid" },
  render: inLocale(longBlogPath),
  globals: { viewport: { value: "mobile2", isRotated: false } },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const heading = canvas.getByRole("heading", {
      level: 1,
      name: fr ? `Page introuvable\u00a0: /fr${longBlogPath}` : `Page Not Found: ${longBlogPath}`,
    });
    await expectBreaksOnlyAfterSlashes(heading);
    await expect(
      canvas.getByRole("link", { name: fr ? "Voir tous les articles du blog" : "See all blog posts" }),
    ).toHaveAttribute("href", fr ? "/fr/blog" : "/blog");
    await expect(
      canvas.queryByRole("link", { name: fr ? "Aller à la documentation" : "Go to the documentation" }),
    ).toBeNull();
    await expect(
      canvas.getByRole("link", {
        name: fr ? "Rechercher dans la documentation" : "Search the documentation",
      }),
    ).toHaveAttribute("href", fr ? "/fr/fr/docs#docs-search" : "/fr/docs#docs-search");
    await expect(
      canvas.getByRole("link", { name: fr ? "Retour à l’accueil" : "Back to the home page" }),
    ).toHaveAttribute("href", fr ? "/fr" : "/");
  },
};

/** A long missing path under the docs: the docs' index is offered, not the blog's. */
export const LongDocsPath: Story = {
  args: { kind: "invalid" },
  render: inLocale(longDocsPath),
  globals: { viewport: { value: "mobile2", isRotated: false } },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expectBreaksOnlyAfterSlashes(canvas.getByRole("heading", { level: 1 }));
    await expect(
      canvas.getByRole("link", { name: fr ? "Aller à la documentation" : "Go to the documentation" }),
    ).toHaveAttribute("href", fr ? "/fr/fr/docs" : "/fr/docs");
    await expect(
      canvas.queryByRole("link", { name: fr ? "Voir tous les articles du blog" : "See all blog posts" }),
    ).toBeNull();
  },
};
