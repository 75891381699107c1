import { Trans } from "@lingui/react/macro";
import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, waitFor, within } from "storybook/test";
import { Prose } from "#src/ui/prose.tsx";
import { AppShell } from "../app-shell/app-shell.tsx";
import { useSampleDocs, useSampleHeadings } from "./docs-fixtures.tsx";
import { DocsLayout, type DocsLayoutProps } from "./docs-layout.tsx";
import docs from "./docs-layout.docs.md?raw";

/** A docs page as the docs route renders it, in the shell (titles and headings in the active locale). */
function GettingStartedPage(props: Partial<DocsLayoutProps>) {
  const docs = useSampleDocs();
  const headings = useSampleHeadings();
  const [before, create, plan, confirm, stremio] = headings;
  return (
    <AppShell>
      <DocsLayout docs={docs} current="/fr/docs/getting-started" headings={headings} {...props}>
        <Prose>
          <h1>
            <Trans>Getting started</Trans>
          </h1>
          <p>
            <Trans>
              This page takes you from nothing to a working Stremio sign-in. It takes about five minutes.
            </Trans>
          </p>
          <h2 id={before?.id}>{before?.text}</h2>
          <p>
            <Trans>You need an email address you can read now and a device with Stremio.</Trans>
          </p>
          <h2 id={create?.id}>{create?.text}</h2>
          <h3 id={plan?.id}>{plan?.text}</h3>
          <p>
            <Trans>Start with the free trial, or pick the paid plan billed monthly or yearly.</Trans>
          </p>
          <h3 id={confirm?.id}>{confirm?.text}</h3>
          <p>
            <Trans>Open the link we send you. It is valid for three days.</Trans>
          </p>
          <h2 id={stremio?.id}>{stremio?.text}</h2>
          <p>
            <Trans>Use the username and password shown on your account page.</Trans>
          </p>
        </Prose>
      </DocsLayout>
    </AppShell>
  );
}

const meta = {
  title: "Layouts/DocsLayout",
  component: GettingStartedPage,
  tags: ["autodocs"],
  parameters: {
    docs: { description: { component: docs } },
    path: "/fr/docs/getting-started",
    viewport: {
      options: {
        // Tall enough for the whole page: screenshots capture the viewport's height only.
        phone: { name: "Phone", styles: { width: "390px", height: "2000px" }, type: "mobile" },
        desktop: { name: "Desktop", styles: { width: "1280px", height: "1400px" }, type: "desktop" },
      },
    },
  },
  globals: { viewport: { value: "desktop", isRotated: false } },
} satisfies Meta<typeof GettingStartedPage>;

export default meta;
type Story = StoryObj<typeof meta>;

const phone = { viewport: { value: "phone", isRotated: false } };
const body = (element: HTMLElement) => within(element.ownerDocument.body);

export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const sidebar = within(canvas.getByRole("navigation", { name: "Documentation" }));
    const current = sidebar.getByRole("link", { name: fr ? "Premiers pas" : "Getting started" });
    await expect(current).toHaveAttribute("aria-current", "page");
    await expect(current).toHaveAttribute(
      "href",
      fr ? "/fr/fr/docs/getting-started" : "/fr/docs/getting-started",
    );
    await expect(sidebar.getAllByRole("link")).toHaveLength(7);

    const toc = within(canvas.getByRole("navigation", { name: fr ? "Sur cette page" : "On this page" }));
    await expect(toc.getAllByRole("link").map((link) => link.getAttribute("href"))).toEqual([
      "#before-you-start",
      "#create-your-account",
      "#choose-a-plan",
      "#confirm-your-email",
      "#sign-in-to-stremio",
    ]);

    const pager = within(
      canvas.getByRole("navigation", {
        name: fr ? "Pages précédente et suivante" : "Previous and next pages",
      }),
    );
    await expect(
      pager.getByRole("link", { name: fr ? /Précédent.*Vue d’ensemble/ : /Previous.*Overview/ }),
    ).toHaveAttribute("href", fr ? "/fr/fr/docs" : "/fr/docs");
    await expect(
      pager.getByRole("link", { name: fr ? /Suivant.*Votre compte/ : /Next.*Your account/ }),
    ).toHaveAttribute("href", fr ? "/fr/fr/docs/account" : "/fr/docs/account");
    // Desktop: no mobile "browse" button.
    await expect(
      canvas.queryByRole("button", { name: fr ? /Parcourir la documentation/ : /Browse the documentation/ }),
    ).toBeNull();
  },
};

export const FirstPage: Story = {
  args: { current: "/fr/docs", headings: [] },
  parameters: { path: "/fr/docs" },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const pager = within(
      canvas.getByRole("navigation", {
        name: fr ? "Pages précédente et suivante" : "Previous and next pages",
      }),
    );
    await expect(pager.getAllByRole("link")).toHaveLength(1);
    await expect(pager.getByRole("link")).toHaveAttribute("rel", "next");
    await expect(
      canvas.queryByRole("navigation", { name: fr ? "Sur cette page" : "On this page" }),
    ).toBeNull();
  },
};

export const Phone: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  globals: phone,
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole("navigation", { name: "Documentation" })).toBeNull();
    await expect(
      canvas.getByRole("button", { name: fr ? /Parcourir la documentation/ : /Browse the documentation/ }),
    ).toBeVisible();
  },
};

export const PhoneNavigationOpen: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  globals: phone,
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await userEvent.click(
      within(canvasElement).getByRole("button", {
        name: fr ? /Parcourir la documentation/ : /Browse the documentation/,
      }),
    );
    const sheet = await body(canvasElement).findByRole("dialog", { name: "Documentation" });
    const pages = within(within(sheet).getByRole("navigation", { name: "Documentation" }));
    await expect(pages.getByRole("link", { name: fr ? "Premiers pas" : "Getting started" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    const toc = within(
      within(sheet).getByRole("navigation", { name: fr ? "Sur cette page" : "On this page" }),
    );
    await expect(
      toc.getByRole("link", { name: fr ? "Choisir une formule" : "Choose a plan" }),
    ).toHaveAttribute("href", "#choose-a-plan");
    // Choosing a page closes the sheet (the router navigates).
    await userEvent.click(pages.getByRole("link", { name: fr ? "Dépannage" : "Troubleshooting" }));
    await waitFor(() => expect(body(canvasElement).queryByRole("dialog")).toBeNull());
    await userEvent.click(
      within(canvasElement).getByRole("button", {
        name: fr ? /Parcourir la documentation/ : /Browse the documentation/,
      }),
    );
    await body(canvasElement).findByRole("dialog", { name: "Documentation" });
  },
};

export const SignedIn: Story = {
  parameters: { auth: "SignedInPaid" },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("button", { name: /Camille Martin/ })).toBeVisible();
  },
};
