import { Trans } from "@lingui/react/macro";
import { ArrowRight } from "lucide-react";
import type * as React from "react";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { Button } from "#src/ui/button.tsx";

/** The marketing call to action: "Start your free trial" (sign-up), then an outlined second way on. */
export function CtaButtons({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <>
      <Button asChild size="lg">
        <LocalizedLink to="/signup">
          <Trans>Start your free trial</Trans>
          <ArrowRight aria-hidden="true" />
        </LocalizedLink>
      </Button>
      <Button asChild size="lg" variant="outline">
        <LocalizedLink to={to}>{children}</LocalizedLink>
      </Button>
    </>
  );
}
