import { Trans, useLingui } from "@lingui/react/macro";
import type { ActionResult } from "#src/forms/action-result.ts";
import type { AuthUser } from "#src/auth/auth-state.tsx";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { useForm } from "#src/forms/use-form.ts";
import { useLocale } from "#src/i18n/use-locale.ts";
import { Field } from "#src/ui/field.tsx";
import { Input } from "#src/ui/input.tsx";
import { EmailField } from "#src/widgets/auth/auth-fields.tsx";
import type { NewUser } from "../client/users.ts";
import type { Note } from "../widgets/action-note.tsx";
import { ChoiceField } from "../widgets/choice-field.tsx";
import { SwitchField } from "./user-form.tsx";

export type CreateUser = (values: NewUser) => Promise<ActionResult<{ user: AuthUser; mailed: boolean }>>;

/**
 * Makes an account for someone on the free trial (name, email, the language of their emails,
 * verified or not);
 * they get an email to choose their password. The fields clear once the server accepted it.
 */
export function NewUserForm({
  createUser,
  setNote,
  onCreated,
}: {
  createUser: CreateUser;
  setNote: (note: Note | null) => void;
  onCreated: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const [creating, runCreate] = useAction(createUser);
  const form = useForm<NewUser>({
    initialValues: { name: "", email: "", locale, verified: false },
    ...creating,
    resetOnSuccess: true,
    onSubmit: async (values) => {
      setNote(null);
      const result = await runCreate(values);
      if (!result) return;
      if (result.success) {
        const { email } = result.data.user;
        setNote({
          kind: "success",
          text: result.data.mailed
            ? t`${email} has an account: an email with a link to choose their password is on its way.`
            : t`${email} has an account, but the email to choose their password could not be sent: send it again from their page.`,
        });
        onCreated();
      } else if (!result.error.aborted && Object.keys(result.error.fieldErrors).length === 0) {
        setNote({ kind: "error", text: result.error.message });
      }
    },
  });
  const set = form.setValue;
  return (
    <form aria-labelledby="new-user" className="grid gap-4 md:grid-cols-2" {...form.formProps}>
      <Field label={t`Name`} error={form.errorFor("name")}>
        <Input
          name="name"
          autoComplete="off"
          value={form.values.name}
          onChange={(event) => set("name", event.target.value)}
        />
      </Field>
      <EmailField
        name="email"
        value={form.values.email}
        onValueChange={(value) => set("email", value)}
        error={form.errorFor("email")}
      />
      <ChoiceField
        label={t`Language of their emails`}
        value={form.values.locale}
        options={[
          { value: "en", label: "English" },
          { value: "fr", label: "Français" },
        ]}
        onChange={(value) => set("locale", value)}
      />
      <div className="md:col-span-2">
        <SwitchField
          label={t`Address already verified`}
          description={t`Otherwise, opening the emailed link confirms it.`}
          checked={form.values.verified}
          onChange={(verified) => set("verified", verified)}
          error={form.errorFor("verified")}
        />
      </div>
      <p className="text-sm text-muted-foreground md:col-span-2">
        <Trans>
          New accounts start on the free trial; record a payment on their page to move them to the paid plan.
        </Trans>
      </p>
      <div className="md:col-span-2">
        <SubmitButton status={creating.status}>
          <Trans>Create the user</Trans>
        </SubmitButton>
      </div>
    </form>
  );
}
