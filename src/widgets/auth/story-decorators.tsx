import type { Decorator } from "@storybook/react-vite";
import { StaticAuthProvider } from "#src/auth/auth-state.tsx";
import { awaitingPaymentUser } from "#src/auth/auth-fixtures.ts";

/** Stories of a form on the account page: padded, signed in on the trial. */
export const accountFormStory = {
  parameters: { path: "/account", auth: "SignedInTrial" },
  decorators: [
    (Story) => (
      <div className="p-6">
        <Story />
      </div>
    ),
  ] satisfies Decorator[],
};

/** A card that stands alone on its page (login, sign-up…), centred. */
export const centredCard: Decorator = (Story) => (
  <div className="flex justify-center p-6">
    <Story />
  </div>
);

/** Signed in on the paid plan chosen at sign-up, its payment not arrived yet (`incomplete`). */
export const awaitingPayment: Decorator = (Story) => (
  <StaticAuthProvider state={{ status: "authed", user: awaitingPaymentUser }}>
    <Story />
  </StaticAuthProvider>
);
