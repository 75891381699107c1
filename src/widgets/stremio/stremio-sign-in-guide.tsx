import { Trans } from "@lingui/react/macro";
import type * as React from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#src/ui/tabs.tsx";

const linkClassName = "font-medium text-primary underline underline-offset-4 hover:no-underline";

/** A platform's tab: its numbered steps. */
function PlatformSteps({ value, steps }: { value: string; steps: React.ReactNode[] }) {
  return (
    <TabsContent value={value}>
      <ol className="grid list-decimal gap-2 pl-5 text-sm marker:text-muted-foreground">
        {steps.map((step, index) => (
          // The steps are fixed: their order is their identity.
          <li key={index}>{step}</li>
        ))}
      </ol>
    </TabsContent>
  );
}

/**
 * How to sign in to Stremio with the generated credentials, one tab per platform. `headingLevel`
 * `null`: a titled block without heading elements (in a picture of the card).
 */
export function StremioSignInGuide({ headingLevel = 3 }: { headingLevel?: 3 | 4 | null }) {
  const Heading = headingLevel ? (`h${headingLevel}` as const) : "div";
  const Section = headingLevel ? "section" : "div";
  // Steps the apps share.
  const openAndLogIn = <Trans>Open it and choose “Log in” with email.</Trans>;
  const enterUsername = <Trans>Enter the username above as the email, then the password.</Trans>;
  const platforms = [
    { value: "web", label: <Trans>Web</Trans> },
    { value: "desktop", label: <Trans>Desktop</Trans> },
    { value: "android", label: <Trans>Android</Trans> },
    { value: "tv", label: <Trans>TV</Trans> },
  ];
  return (
    <Section data-slot="stremio-sign-in-guide" className="flex flex-col gap-3">
      <Heading className="text-base font-semibold">
        <Trans>How to sign in to Stremio</Trans>
      </Heading>
      <Tabs defaultValue="web">
        <TabsList fullOnPhone>
          {platforms.map(({ value, label }) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <PlatformSteps
          value="web"
          steps={[
            <Trans>
              Open{" "}
              <a href="https://web.stremio.com" target="_blank" rel="noreferrer" className={linkClassName}>
                web.stremio.com
              </a>{" "}
              in your browser.
            </Trans>,
            <Trans>Choose “Log in”, then sign in with email.</Trans>,
            <Trans>Paste the username above as the email, then the password.</Trans>,
          ]}
        />
        <PlatformSteps
          value="desktop"
          steps={[
            <Trans>
              Install Stremio for Windows, macOS or Linux from{" "}
              <a
                href="https://www.stremio.com/downloads"
                target="_blank"
                rel="noreferrer"
                className={linkClassName}
              >
                stremio.com/downloads
              </a>
              .
            </Trans>,
            <Trans>Open it, select the profile icon at the top right, then “Log in”.</Trans>,
            enterUsername,
          ]}
        />
        <PlatformSteps
          value="android"
          steps={[<Trans>Install Stremio from the Google Play Store.</Trans>, openAndLogIn, enterUsername]}
        />
        <PlatformSteps
          value="tv"
          steps={[
            <Trans>On Android TV or Google TV, install Stremio from the Google Play Store.</Trans>,
            openAndLogIn,
            <Trans>Type the username above as the email and the password with your remote.</Trans>,
          ]}
        />
      </Tabs>
    </Section>
  );
}
