import { Trans } from "@lingui/react/macro";
import type * as React from "react";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../ui/tabs.tsx";

const linkClassName = "font-medium text-primary underline underline-offset-4 hover:no-underline";

function Steps({ children }: { children: React.ReactNode }) {
  return <ol className="grid list-decimal gap-2 pl-5 text-sm marker:text-muted-foreground">{children}</ol>;
}

/** How to sign in to Stremio with the generated credentials, one tab per platform. */
export function StremioSignInGuide({ headingLevel = 3 }: { headingLevel?: 3 | 4 }) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section data-slot="stremio-sign-in-guide" className="flex flex-col gap-3">
      <Heading className="text-base font-semibold">
        <Trans>How to sign in to Stremio</Trans>
      </Heading>
      <Tabs defaultValue="web">
        <TabsList className="w-full sm:w-fit">
          <TabsTrigger value="web">
            <Trans>Web</Trans>
          </TabsTrigger>
          <TabsTrigger value="desktop">
            <Trans>Desktop</Trans>
          </TabsTrigger>
          <TabsTrigger value="android">
            <Trans>Android</Trans>
          </TabsTrigger>
          <TabsTrigger value="tv">
            <Trans>TV</Trans>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="web">
          <Steps>
            <li>
              <Trans>
                Open{" "}
                <a href="https://web.stremio.com" target="_blank" rel="noreferrer" className={linkClassName}>
                  web.stremio.com
                </a>{" "}
                in your browser.
              </Trans>
            </li>
            <li>
              <Trans>Choose “Log in”, then sign in with email.</Trans>
            </li>
            <li>
              <Trans>Paste the username above as the email, then the password.</Trans>
            </li>
          </Steps>
        </TabsContent>
        <TabsContent value="desktop">
          <Steps>
            <li>
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
              </Trans>
            </li>
            <li>
              <Trans>Open it, select the profile icon at the top right, then “Log in”.</Trans>
            </li>
            <li>
              <Trans>Enter the username above as the email, then the password.</Trans>
            </li>
          </Steps>
        </TabsContent>
        <TabsContent value="android">
          <Steps>
            <li>
              <Trans>Install Stremio from the Google Play Store.</Trans>
            </li>
            <li>
              <Trans>Open it and choose “Log in” with email.</Trans>
            </li>
            <li>
              <Trans>Enter the username above as the email, then the password.</Trans>
            </li>
          </Steps>
        </TabsContent>
        <TabsContent value="tv">
          <Steps>
            <li>
              <Trans>On Android TV or Google TV, install Stremio from the Google Play Store.</Trans>
            </li>
            <li>
              <Trans>Open it and choose “Log in” with email.</Trans>
            </li>
            <li>
              <Trans>Type the username above as the email and the password with your remote.</Trans>
            </li>
          </Steps>
        </TabsContent>
      </Tabs>
    </section>
  );
}
