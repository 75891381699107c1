import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import { Download } from "lucide-react";
import type { ActionResult } from "#src/forms/action-result.ts";
import { FormAlert, FormSuccess } from "#src/forms/form-alert.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { LocalizedLink } from "#src/i18n/localized-link.tsx";
import { Button } from "#src/ui/button.tsx";
import { Checkbox } from "#src/ui/checkbox.tsx";
import { Field } from "#src/ui/field.tsx";
import { Separator } from "#src/ui/separator.tsx";
import { AuthCard, textLinkClassName } from "./auth-card.tsx";

export type YourDataActions = {
  setNewsletter: (newsletter: boolean) => Promise<ActionResult<unknown>>;
  /** The text of the JSON file of everything stored about the user. */
  exportData: () => Promise<ActionResult<string>>;
};

/** Hands `text` to the browser as a file to save. */
function saveFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const link = Object.assign(document.createElement("a"), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The account page's "Your data": the newsletter choice (saved as soon as it changes) and the
 * download of everything stored about the user, as a JSON file.
 */
export function YourDataCard({
  newsletter,
  actions,
  headingLevel = 2,
}: {
  newsletter: boolean;
  actions: YourDataActions;
  headingLevel?: 1 | 2 | 3;
}) {
  const { t } = useLingui();
  const titleId = React.useId();
  const [choice, setChoice] = React.useState(newsletter);
  const [saving, save] = useAction(actions.setNewsletter);
  const [download, runExport] = useAction(actions.exportData);
  return (
    <AuthCard
      data-slot="your-data"
      wide
      titleId={titleId}
      headingLevel={headingLevel}
      title={<Trans>Your data</Trans>}
      description={
        <Trans>
          What we keep about you, and what we send you. Our{" "}
          <LocalizedLink to="/privacy" className={textLinkClassName}>
            privacy policy
          </LocalizedLink>{" "}
          says why.
        </Trans>
      }
    >
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-3">
          <Field orientation="horizontal" label={t`Send me product news and tips (at most once a month)`}>
            <Checkbox
              name="newsletter"
              checked={choice}
              disabled={saving.status === "submitting"}
              onCheckedChange={async (checked) => {
                setChoice(checked);
                const result = await save(checked);
                // Not saved: the box shows what is stored.
                if (result && !result.success) setChoice(!checked);
              }}
            />
          </Field>
          <FormAlert status={saving.status} message={saving.message} />
          <FormSuccess show={saving.status === "success"}>
            {choice ? (
              <Trans>Saved: you will receive the newsletter.</Trans>
            ) : (
              <Trans>Saved: you will not receive the newsletter.</Trans>
            )}
          </FormSuccess>
        </div>
        <Separator />
        <div className="flex flex-col gap-3 text-sm">
          <p className="text-muted-foreground">
            <Trans>
              One file (JSON) with everything we store about you: your profile, plan and billing state,
              Stremio username, affiliate code, newsletter choice and dates. Never a password.
            </Trans>
          </p>
          <FormAlert status={download.status} message={download.message} />
          <Button
            variant="outline"
            className="w-full sm:w-auto sm:self-start"
            pending={download.status === "submitting"}
            onClick={async () => {
              const result = await runExport();
              if (result?.success) {
                saveFile(`lumen-data-${new Date().toISOString().slice(0, 10)}.json`, result.data);
              }
            }}
          >
            <Download aria-hidden="true" />
            <Trans>Download my data</Trans>
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}
