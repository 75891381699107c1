import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, waitFor, within } from "storybook/test";
import { SignupCreated } from "./signup-created.tsx";
import { centredCard } from "./story-decorators.tsx";
import docs from "./signup-created.docs.md?raw";

const meta = {
  title: "Auth/SignupCreated",
  component: SignupCreated,
  tags: ["autodocs"],
  args: { email: "camille.martin@example.com" },
  parameters: { docs: { description: { component: docs } }, path: "/signup" },
  decorators: [centredCard],
} satisfies Meta<typeof SignupCreated>;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * The account was created but signing in failed: no error, the next step is to log in. The card
 * takes focus (the form's button it replaces had it).
 */
export const Default: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const canvas = within(canvasElement);
    const card = canvas.getByRole("region", {
      name: fr ? "Votre compte est créé" : "Your account is created",
    });
    await waitFor(() => expect(card).toHaveFocus());
    await expect(canvas.getByRole("status")).toHaveTextContent(
      fr ? "Nous n’avons pas pu vous connecter pour l’instant." : "We couldn't sign you in just now.",
    );
    await expect(
      canvas.getByText(fr ? /Nous avons envoyé un lien de vérification/ : /We sent a verification link/),
    ).toBeVisible();
    await expect(canvas.getByRole("link", { name: fr ? "Se connecter" : "Log in" })).toHaveAttribute(
      "href",
      fr ? "/fr/login" : "/login",
    );
  },
};
