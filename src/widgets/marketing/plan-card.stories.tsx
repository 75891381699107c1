import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, within } from "storybook/test";
import { formatPrice } from "#shared/format.ts";
import { paidSignupPath } from "#src/auth/plan-price.ts";
import { PlanCard } from "./plan-card.tsx";
import { readOnlyArgs } from "#src/ui/story-args.ts";
import docs from "./plan-card.docs.md?raw";

const text = {
  en: {
    trial: "Free trial",
    free: "Free",
    days: "for 7 days",
    month: "incl. VAT per month",
    yearly: `or ${formatPrice(49.99, "en")} incl. VAT per year`,
    recommended: "Recommended",
    start: "Start your free trial",
    choose: "Choose Lumen",
    trialPoints: ["Generated Stremio credentials", "No payment details needed"],
    paidPoints: [
      "Everything in the free trial",
      "Monthly or yearly, cancel any time",
      "Support answered first",
    ],
  },
  fr: {
    trial: "Essai gratuit",
    free: "Gratuit",
    days: "pendant 7 jours",
    month: "TTC par mois",
    yearly: `ou ${formatPrice(49.99, "fr")} TTC par an`,
    recommended: "Recommandé",
    start: "Commencer l’essai gratuit",
    choose: "Choisir Lumen",
    trialPoints: ["Identifiants Stremio générés", "Aucun moyen de paiement demandé"],
    paidPoints: [
      "Tout ce que comprend l’essai gratuit",
      "Au mois ou à l’année, résiliable à tout moment",
      "Aide en priorité",
    ],
  },
};

const meta = {
  title: "Marketing/PlanCard",
  component: PlanCard,
  tags: ["autodocs"],
  parameters: { docs: { description: { component: docs } } },
  // The story shows fixed copy in the page's language: its args only satisfy the types, with no controls.
  argTypes: readOnlyArgs("name", "price", "period", "note", "points", "action", "recommended", "className"),
  args: {
    name: "Lumen",
    price: formatPrice(4.99, "en"),
    period: "incl. VAT per month",
    points: text.en.paidPoints,
    action: { label: "Choose Lumen", to: paidSignupPath },
  },
  render: (_args, { globals }) => {
    const locale = globals.locale === "fr" ? "fr" : "en";
    const t = text[locale];
    return (
      <div className="mx-auto grid max-w-4xl gap-6 p-8 md:grid-cols-2">
        <PlanCard
          name={t.trial}
          price={t.free}
          period={t.days}
          points={t.trialPoints}
          action={{ label: t.start, to: "/signup" }}
          className="md:mt-6"
        />
        <PlanCard
          name="Lumen"
          price={formatPrice(4.99, locale)}
          period={t.month}
          note={t.yearly}
          points={t.paidPoints}
          action={{ label: t.choose, to: paidSignupPath }}
          recommended={t.recommended}
        />
      </div>
    );
  },
} satisfies Meta<typeof PlanCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The free trial beside the paid plan, which is raised by its border and a badge. */
export const SideBySide: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const [trial, paid] = canvas.getAllByRole("article");
    await expect(within(paid!).getByText(fr ? "Recommandé" : "Recommended")).toBeVisible();
    await expect(within(trial!).queryByText(fr ? "Recommandé" : "Recommended")).toBeNull();
    await expect(within(paid!).getByText(fr ? /^4,99\s€$/ : "€4.99")).toBeVisible();
    // Links are written for the page's language.
    await expect(within(paid!).getByRole("link")).toHaveAttribute(
      "href",
      fr ? "/fr/signup?plan=paid&interval=year" : "/signup?plan=paid&interval=year",
    );
    await expect(within(trial!).getByRole("link")).toHaveAttribute("href", fr ? "/fr/signup" : "/signup");
  },
};
