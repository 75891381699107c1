import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type * as React from "react";
import { Prose } from "./prose.tsx";
import docs from "./prose.docs.md?raw";

type ProseProps = React.ComponentProps<typeof Prose>;

/** Every size, tone and measure `src/ui/prose.tsx` defines, for the Controls panel. */
const controls = {
  size: ["base", "sm"],
  tone: ["default", "muted"],
  measure: ["text", "none"],
} satisfies { [K in "size" | "tone" | "measure"]: readonly NonNullable<ProseProps[K]>[] };

// Rendered markdown as the content pipeline produces it (one sample per locale, like content/{en,fr}).
const samples = {
  en: `<h1>Install on Android TV</h1>
<p>This guide takes <strong>five minutes</strong>. You need your <a href="/account">Stremio credentials</a> and a remote.</p>
<h2 id="before-you-start">Before you start</h2>
<ul><li>An Android TV or Google TV device</li><li>A working internet connection<ul><li>Wi-Fi or Ethernet</li></ul></li></ul>
<h3>Steps</h3>
<ol><li>Open the Google Play Store.</li><li>Search for <code>Stremio</code> and install it.</li><li>Press <kbd>OK</kbd> to open it.</li></ol>
<blockquote><p>Tip: sign in on the web first to check your password.</p></blockquote>
<pre><code>username: camillemartin_x7k2@lumen.stream</code></pre>
<table tabindex="0"><thead><tr><th>Platform</th><th>Supported</th></tr></thead><tbody><tr><td>Android TV</td><td>Yes</td></tr><tr><td>Tizen</td><td>Not yet</td></tr><tr><td>Username</td><td><code>camillemartin_x7k2@lumen.stream</code></td></tr></tbody></table>
<hr><p><em>Last updated in November 2026.</em></p>`,
  fr: `<h1>Installer sur Android TV</h1>
<p>Ce guide prend <strong>cinq minutes</strong>. Il vous faut vos <a href="/fr/account">identifiants Stremio</a> et une télécommande.</p>
<h2 id="avant-de-commencer">Avant de commencer</h2>
<ul><li>Un appareil Android TV ou Google TV</li><li>Une connexion internet<ul><li>Wi-Fi ou Ethernet</li></ul></li></ul>
<h3>Étapes</h3>
<ol><li>Ouvrez le Google Play Store.</li><li>Cherchez <code>Stremio</code> et installez-le.</li><li>Appuyez sur <kbd>OK</kbd> pour l’ouvrir.</li></ol>
<blockquote><p>Astuce\u00a0: connectez-vous d’abord sur le web pour vérifier votre mot de passe.</p></blockquote>
<pre><code>username: camillemartin_x7k2@lumen.stream</code></pre>
<table tabindex="0"><thead><tr><th>Plateforme</th><th>Prise en charge</th></tr></thead><tbody><tr><td>Android TV</td><td>Oui</td></tr><tr><td>Tizen</td><td>Pas encore</td></tr><tr><td>Nom d’utilisateur</td><td><code>camillemartin_x7k2@lumen.stream</code></td></tr></tbody></table>
<hr><p><em>Mis à jour en novembre 2026.</em></p>`,
};

const meta = {
  title: "UI/Prose",
  component: Prose,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  args: { size: "base", tone: "default", measure: "text" },
  argTypes: {
    size: { control: "inline-radio", options: controls.size },
    tone: { control: "inline-radio", options: controls.tone },
    measure: { control: "inline-radio", options: controls.measure },
  },
  render: (args, { globals }) => (
    <div className="p-6">
      <Prose
        {...args}
        dangerouslySetInnerHTML={{ __html: globals.locale === "fr" ? samples.fr : samples.en }}
      />
    </div>
  ),
} satisfies Meta<typeof Prose>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(canvas.getByRole("table")).toBeVisible();
    const item = canvas.getAllByRole("listitem")[0]!;
    await expect(getComputedStyle(item.parentElement!).listStyleType).toBe("disc");
  },
};

/** On a narrow phone a wide table scrolls by itself; the credential in it stays on one line. */
export const Phone: Story = {
  // At the docs page's width it would look like Default.
  tags: ["!autodocs"],
  globals: { viewport: { value: "mobile1", isRotated: false } },
  play: async ({ canvasElement }) => {
    const code = within(canvasElement).getByText("camillemartin_x7k2@lumen.stream");
    await expect(code.getClientRects()).toHaveLength(1);
    const table = within(canvasElement).getByRole("table");
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(
      canvasElement.ownerDocument.documentElement.clientWidth,
    );
    await expect(table.scrollWidth).toBeGreaterThanOrEqual(table.clientWidth);
  },
};
