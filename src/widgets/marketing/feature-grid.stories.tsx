import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import type { HomeFeature } from "#src/content/page-data.ts";
import { homeFixture } from "#src/content/fixtures.ts";
import { FeatureGrid } from "./feature-grid.tsx";
import { SectionHeading } from "./section-heading.tsx";
import { readOnlyArgs } from "#src/ui/story-args.ts";
import docs from "./feature-grid.docs.md?raw";

/** The home page's features, plus three more: the grid at its fullest. */
const more: Record<"en" | "fr", HomeFeature[]> = {
  en: [
    {
      icon: "clock",
      title: "Ready in a minute",
      text: "Confirm your email and your credentials are waiting for you.",
    },
    {
      icon: "shield",
      title: "No card for the trial",
      text: "The 7-day free trial only needs an email address.",
    },
    {
      icon: "support",
      title: "Real people, in English and French",
      text: "Ask on Discord or read the guides, in both languages.",
    },
  ],
  fr: [
    {
      icon: "clock",
      title: "Prêt en une minute",
      text: "Confirmez votre e-mail et vos identifiants vous attendent.",
    },
    {
      icon: "shield",
      title: "Pas de carte pour l’essai",
      text: "L’essai gratuit de 7 jours ne demande qu’une adresse e-mail.",
    },
    {
      icon: "support",
      title: "De vraies personnes, en français et en anglais",
      text: "Posez vos questions sur Discord ou lisez les guides, dans les deux langues.",
    },
  ],
};

const features = {
  en: { title: homeFixture.en.featuresTitle, features: [...homeFixture.en.features, ...more.en] },
  fr: { title: homeFixture.fr.featuresTitle, features: [...homeFixture.fr.features, ...more.fr] },
};

const meta = {
  title: "Marketing/FeatureGrid",
  component: FeatureGrid,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  // The stories show fixed copy in the page's language: their args only satisfy the types, with no controls.
  args: { features: features.en.features },
  argTypes: readOnlyArgs("features", "className"),
  render: (_args, { globals }) => {
    const data = features[globals.locale === "fr" ? "fr" : "en"];
    return (
      <section aria-labelledby="features" className="flex flex-col gap-10 p-8">
        <SectionHeading id="features" title={data.title} />
        <FeatureGrid features={data.features} />
      </section>
    );
  },
} satisfies Meta<typeof FeatureGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Six features, three across: each an icon, a title and one sentence. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole("listitem")).toHaveLength(6);
    await expect(canvas.getAllByRole("heading", { level: 3 })).toHaveLength(6);
  },
};

export const Phone: Story = {
  // It needs a phone's width, which the docs page does not have.
  tags: ["!autodocs"],
  globals: { viewport: { value: "mobile2", isRotated: false } },
  play: async ({ canvasElement }) => {
    const [first, second] = within(canvasElement).getAllByRole("listitem");
    // One under the other.
    await expect(second!.getBoundingClientRect().top).toBeGreaterThan(first!.getBoundingClientRect().bottom);
  },
};
