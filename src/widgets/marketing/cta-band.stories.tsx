import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { Button } from "#src/ui/button.tsx";
import { CtaBand } from "./cta-band.tsx";
import { readOnlyArgs } from "#src/ui/story-args.ts";
import docs from "./cta-band.docs.md?raw";

const text = {
  en: {
    title: "Ready to start?",
    text: "Create your account in under a minute and try Lumen free for 7 days.",
    start: "Start your free trial",
    discord: "Ask us on Discord",
  },
  fr: {
    title: "Prêt à commencer\u00a0?",
    text: "Créez votre compte en moins d’une minute et essayez Lumen gratuitement pendant 7 jours.",
    start: "Commencer l’essai gratuit",
    discord: "Nous écrire sur Discord",
  },
};

const meta = {
  title: "Marketing/CtaBand",
  component: CtaBand,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  // The story shows fixed copy in the page's language: its args only satisfy the types, with no controls.
  args: { id: "cta", title: text.en.title, text: text.en.text, children: null },
  argTypes: readOnlyArgs("id", "title", "text", "children", "className"),
  render: (_args, { globals }) => {
    const t = text[globals.locale === "fr" ? "fr" : "en"];
    return (
      <div className="p-8">
        <CtaBand id="cta" title={t.title} text={t.text}>
          <Button asChild size="lg">
            <LocalizedLink to="/signup">{t.start}</LocalizedLink>
          </Button>
          <Button asChild size="lg" variant="outline">
            <LocalizedLink to="/discord">{t.discord}</LocalizedLink>
          </Button>
        </CtaBand>
      </div>
    );
  },
} satisfies Meta<typeof CtaBand>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The closing band: a region named by its title, with the sign-up link first. */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const band = within(canvasElement).getByRole("region", {
      name: fr ? "Prêt à commencer\u00a0?" : "Ready to start?",
    });
    await expect(within(band).getAllByRole("link")[0]).toHaveAttribute("href", fr ? "/fr/signup" : "/signup");
  },
};
