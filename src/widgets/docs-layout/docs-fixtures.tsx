import { useLingui } from "@lingui/react/macro";
import type { DocHeading, DocLink } from "./docs-layout.tsx";

/** The documentation pages as the stories show them, titles in the active locale. */
export function useSampleDocs(): DocLink[] {
  const { t } = useLingui();
  return [
    { href: "/fr/docs", title: t`Overview` },
    { href: "/fr/docs/getting-started", title: t`Getting started` },
    { href: "/fr/docs/account", title: t`Your account` },
    { href: "/fr/docs/plans-and-billing", title: t`Plans and billing` },
    { href: "/fr/docs/stremio-credentials", title: t`Stremio credentials` },
    { href: "/fr/docs/privacy-and-security", title: t`Privacy and security` },
    { href: "/fr/docs/troubleshooting", title: t`Troubleshooting` },
  ];
}

export function useSampleHeadings(): DocHeading[] {
  const { t } = useLingui();
  return [
    { id: "before-you-start", text: t`Before you start`, depth: 2 },
    { id: "create-your-account", text: t`Create your account`, depth: 2 },
    { id: "choose-a-plan", text: t`Choose a plan`, depth: 3 },
    { id: "confirm-your-email", text: t`Confirm your email`, depth: 3 },
    { id: "sign-in-to-stremio", text: t`Sign in to Stremio`, depth: 2 },
  ];
}
