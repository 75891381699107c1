import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, userEvent, within } from "storybook/test";
import type { HomeQuestion } from "#src/content/page-data.ts";
import { FaqList } from "./faq-list.tsx";
import { readOnlyArgs } from "#src/ui/story-args.ts";
import docs from "./faq-list.docs.md?raw";

const questions: Record<"en" | "fr", HomeQuestion[]> = {
  en: [
    { question: "Is Lumen part of Stremio?", answerHtml: "<p>No. Lumen is an independent service.</p>" },
    {
      question: "Do I need a credit card for the free trial?",
      answerHtml: "<p>No. The 7-day trial only needs an email address that you can confirm.</p>",
    },
    {
      question: "My Stremio login fails. What should I do?",
      answerHtml:
        '<p>Copy the full username, including <code>@lumen.stream</code>. See <a href="/fr/docs/troubleshooting">troubleshooting</a>.</p>',
    },
  ],
  fr: [
    {
      question: "Lumen fait-il partie de Stremio\u00a0?",
      answerHtml: "<p>Non. Lumen est un service indépendant.</p>",
    },
    {
      question: "Faut-il une carte bancaire pour l’essai gratuit\u00a0?",
      answerHtml:
        "<p>Non. L’essai de 7 jours ne demande qu’une adresse e-mail que vous pouvez confirmer.</p>",
    },
    {
      question: "Ma connexion à Stremio échoue. Que faire\u00a0?",
      answerHtml:
        '<p>Copiez le nom d’utilisateur en entier, <code>@lumen.stream</code> compris. Voir le <a href="/fr/fr/docs/troubleshooting">dépannage</a>.</p>',
    },
  ],
};

const meta = {
  title: "Marketing/FaqList",
  component: FaqList,
  tags: ["autodocs"],
  // The stories show fixed copy in the page's language: their args only satisfy the types, with no controls.
  args: { questions: questions.en },
  argTypes: readOnlyArgs("questions", "className"),
  parameters: { docs: { description: { component: docs } }, scripts: false },
  render: (_args, { globals }) => (
    <div className="mx-auto max-w-3xl p-8">
      <FaqList questions={questions[globals.locale === "fr" ? "fr" : "en"]} />
    </div>
  ),
} satisfies Meta<typeof FaqList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every question closed: only the questions show. */
export const Closed: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByText(
        globals.locale === "fr"
          ? "Non. Lumen est un service indépendant."
          : "No. Lumen is an independent service.",
      ),
    ).not.toBeVisible();
  },
};

/** A question opened with a click, as native disclosure rows do without any script. */
export const Open: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const answer = canvas.getByText(fr ? /L’essai de 7 jours ne demande/ : /The 7-day trial only needs/);
    await userEvent.click(
      canvas.getByText(
        fr
          ? /^Faut-il une carte bancaire pour l’essai gratuit/
          : "Do I need a credit card for the free trial?",
      ),
    );
    await expect(answer).toBeVisible();
  },
};
