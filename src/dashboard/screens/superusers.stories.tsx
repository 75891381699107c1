import type { Meta, StoryObj } from "@storybook/react-vite";
import { expect, fn, userEvent, waitFor, within } from "storybook/test";
import {
  done,
  inDashboard,
  never,
  offline,
  ok,
  ownSecondFactors,
  refused,
  superusers,
  wholePage,
  wholePageGlobals,
} from "./story-fixtures.tsx";
import { SuperusersScreen, type SuperusersScreenProps } from "./superusers.tsx";
import { laptopPasskey } from "#src/auth/auth-fixtures.ts";

const meta = {
  title: "Dashboard/Superusers",
  component: SuperusersScreen,
  decorators: [inDashboard],
  args: {
    current: superusers[0]!,
    loadSuperusers: fn(async () => ok(superusers)),
    addSuperuser: fn<SuperusersScreenProps["addSuperuser"]>(async (values) =>
      ok({ id: "su3", email: values.email, created: "2026-11-25 00:00:00.000Z" }),
    ),
    removeSuperuser: fn(done),
    changeOwnPassword: fn<SuperusersScreenProps["changeOwnPassword"]>(async () => ok(superusers[0]!)),
    ownSecondFactors: ownSecondFactors([laptopPasskey]),
  },
  parameters: {
    path: "/_/superusers",
    // The whole page, the password form below the add form and "Your sign-in" included, in one
    // screenshot.
    ...wholePage(1500),
  },
  globals: wholePageGlobals,
} satisfies Meta<typeof SuperusersScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = {
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await expect(await canvas.findByText("ops@example.com")).toBeVisible();
    await expect(canvas.getByText(fr ? "vous" : "you")).toBeVisible();
    await expect(
      canvas.getByRole("button", { name: fr ? "Retirer ops@example.com" : "Remove ops@example.com" }),
    ).toBeEnabled();
  },
};

export const ConfirmRemove: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    await userEvent.click(
      await canvas.findByRole("button", { name: fr ? "Retirer ops@example.com" : "Remove ops@example.com" }),
    );
    const dialog = await within(document.body).findByRole("alertdialog");
    await expect(dialog).toHaveTextContent(fr ? "Retirer ops@example.com ?" : "Remove ops@example.com?");
    await expect(args.removeSuperuser).not.toHaveBeenCalled();
  },
};

/** One superuser left: removing them is not offered, and the page says why. */
export const LastSuperuser: Story = {
  args: { loadSuperusers: fn(async () => ok(superusers.slice(0, 1))) },
  play: async ({ canvasElement, globals }) => {
    const canvas = within(canvasElement);
    const fr = globals.locale === "fr";
    const remove = await canvas.findByRole("button", { name: fr ? "Retirer" : "Remove" });
    await expect(remove).toBeDisabled();
    await expect(remove).toHaveAccessibleDescription(
      fr
        ? /^Le dernier superutilisateur ne peut pas être retiré\s?: ajoutez-en un autre d’abord\.$/
        : "The last superuser cannot be removed: add another one first.",
    );
  },
};

export const AddFieldErrors: Story = {
  args: {
    addSuperuser: fn<SuperusersScreenProps["addSuperuser"]>(async () =>
      refused(400, {
        message: "Failed to create record.",
        data: {
          email: { code: "validation_not_unique", message: "Value must be unique." },
          password: {
            code: "validation_length_out_of_range",
            message: "",
            params: { min: 8, max: 71 },
          } as never,
        },
      }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    // The add form, not the password form beside it (titled "Password").
    const canvas = within(
      await within(canvasElement).findByRole("form", {
        name: fr ? "Ajouter un superutilisateur" : "Add a superuser",
      }),
    );
    await userEvent.type(canvas.getByLabelText(fr ? "E-mail" : "Email"), "ops@example.com");
    await userEvent.type(canvas.getByLabelText(fr ? "Mot de passe" : "Password"), "short");
    await userEvent.click(canvas.getByRole("button", { name: fr ? "Ajouter" : "Add" }));
    await expect(
      await canvas.findByText(
        fr ? "Doit contenir entre 8 et 71 caractères." : "Must be between 8 and 71 characters.",
      ),
    ).toBeVisible();
    // Focus goes to the first field to fix.
    await waitFor(() => expect(canvas.getByLabelText(fr ? "E-mail" : "Email")).toHaveFocus());
  },
};

export const Loading: Story = { args: { loadSuperusers: fn(never) } };

export const LoadFailed: Story = {
  args: { loadSuperusers: fn(offline) },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole("alert")).toBeVisible();
  },
};

/** Fills the signed-in superuser's password form and sends it. */
async function changePassword(canvasElement: HTMLElement, fr: boolean, current: string) {
  const canvas = within(canvasElement);
  await userEvent.type(
    await canvas.findByLabelText(fr ? "Mot de passe actuel" : "Current password"),
    current,
  );
  await userEvent.type(
    canvas.getByLabelText(fr ? "Nouveau mot de passe" : "New password"),
    "a new long secret",
  );
  await userEvent.type(
    canvas.getByLabelText(fr ? "Confirmez le nouveau mot de passe" : "Confirm the new password"),
    "a new long secret",
  );
  await userEvent.click(
    canvas.getByRole("button", { name: fr ? "Changer le mot de passe" : "Change password" }),
  );
}

/** The signed-in superuser changes their own password, giving the current one; they stay signed in. */
export const OwnPasswordChanged: Story = {
  play: async ({ canvasElement, globals, args }) => {
    const fr = globals.locale === "fr";
    await changePassword(canvasElement, fr, "the current one");
    await expect(args.changeOwnPassword).toHaveBeenCalledWith(superusers[0], {
      oldPassword: "the current one",
      password: "a new long secret",
      passwordConfirm: "a new long secret",
    });
    await expect(
      await within(canvasElement).findByText(
        fr ? "Votre mot de passe a été modifié." : "Your password has been changed.",
      ),
    ).toBeVisible();
  },
};

/** A wrong current password: the field says so and nothing changes. */
export const OwnPasswordWrongCurrent: Story = {
  args: {
    changeOwnPassword: fn<SuperusersScreenProps["changeOwnPassword"]>(async () =>
      refused(400, {
        message: "Failed to authenticate.",
        data: {
          oldPassword: {
            code: "validation_invalid_old_password",
            message: "Missing or invalid old password.",
          },
        },
      }),
    ),
  },
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    await changePassword(canvasElement, fr, "not the current one");
    const current = within(canvasElement).getByLabelText(fr ? "Mot de passe actuel" : "Current password");
    await waitFor(() => expect(current).toHaveFocus());
    await expect(current).toHaveAccessibleDescription(
      fr ? "Votre mot de passe actuel est incorrect." : "Your current password is incorrect.",
    );
  },
};

/** "Your sign-in": the signed-in superuser's own passkeys and authenticator app. */
export const YourSignIn: Story = {
  play: async ({ canvasElement, globals }) => {
    const fr = globals.locale === "fr";
    const section = within(
      await within(canvasElement).findByRole("region", { name: fr ? "Votre connexion" : "Your sign-in" }),
    );
    await expect(
      section.getByRole("heading", { level: 3, name: fr ? "Clés d’accès" : "Passkeys" }),
    ).toBeVisible();
    await expect(await section.findByText("Chrome on Linux")).toBeVisible();
    await expect(
      await section.findByRole("button", {
        name: fr ? "Activer la connexion en deux étapes" : "Turn on two-factor sign-in",
      }),
    ).toBeVisible();
  },
};
