import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { LocalizedLink } from "../i18n/localized-link.tsx";
import { Button } from "../ui/button.tsx";
import { BrandLink } from "../widgets/app-shell/brand.tsx";

/** A bare page, outside the site's shell: scanners get nothing to work with, people a way home. */
function Decoy({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-xl flex-col items-start justify-center gap-6 px-6 py-16">
      <BrandLink />
      <h1 className="text-3xl font-bold tracking-tight text-balance">{title}</h1>
      {children}
      <Button asChild variant="outline">
        <LocalizedLink to="/">
          <Trans>Back to the home page</Trans>
        </LocalizedLink>
      </Button>
    </main>
  );
}

/**
 * `/wp-admin`: a decoy for scanners looking for WordPress. It is its own page, `noindex`, ships no
 * JavaScript and has no form: nothing here can ever sign anybody in.
 */
export function WpAdminScreen() {
  const { t } = useLingui();
  return (
    <Decoy title={t`There is no administration area here`}>
      <p className="text-muted-foreground">
        <Trans>This site does not run WordPress, and it has no administration area at this address.</Trans>
      </p>
    </Decoy>
  );
}

/** `/wp-login`: a decoy like `/wp-admin`; no form, no sign-in. */
export function WpLoginScreen() {
  const { t } = useLingui();
  return (
    <Decoy title={t`There is no WordPress login here`}>
      <p className="text-muted-foreground">
        <Trans>This site does not run WordPress. Nothing at this address can sign you in.</Trans>
      </p>
    </Decoy>
  );
}
