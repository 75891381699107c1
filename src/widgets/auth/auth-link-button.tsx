import { Trans } from "@lingui/react/macro";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { Button, type ButtonProps } from "#src/ui/button.tsx";

/** A button that links to the login or the sign-up page, labelled "Log in" or "Sign up". */
export function AuthLinkButton({
  to,
  ...props
}: Omit<ButtonProps, "asChild" | "children"> & { to: "/login" | "/signup" }) {
  return (
    <Button asChild {...props}>
      <LocalizedLink to={to}>
        {to === "/login" ? <Trans>Log in</Trans> : <Trans>Sign up</Trans>}
      </LocalizedLink>
    </Button>
  );
}
