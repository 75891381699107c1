import type * as React from "react";
import { FormSuccess } from "#src/forms/form-alert.tsx";
import { AuthLinkButton } from "./auth-link-button.tsx";

/** The "Log in" button that ends a finished flow. */
export function LogInButton() {
  return <AuthLinkButton to="/login" className="sm:w-full" />;
}

/** A finished flow: its success note (`children`), then the way to log in. */
export function SuccessThenLogIn({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-5">
      <FormSuccess show>{children}</FormSuccess>
      <LogInButton />
    </div>
  );
}
