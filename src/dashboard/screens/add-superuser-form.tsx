import { Trans, useLingui } from "@lingui/react/macro";
import type { ActionResult } from "#src/forms/action-result.ts";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useAction } from "#src/forms/use-action.ts";
import { useForm } from "#src/forms/use-form.ts";
import { EmailField, PasswordField } from "#src/widgets/auth/auth-fields.tsx";
import type { Superuser } from "../client/superusers.ts";
import type { Note } from "../widgets/action-note.tsx";

/** Adds a superuser; the fields clear once the server accepted them. */
export function AddSuperuserForm({
  addSuperuser,
  setNote,
  onAdded,
}: {
  addSuperuser: (values: { email: string; password: string }) => Promise<ActionResult<Superuser>>;
  setNote: (note: Note | null) => void;
  onAdded: () => void;
}) {
  const { t } = useLingui();
  const [adding, runAdd] = useAction(addSuperuser);
  const form = useForm({
    initialValues: { email: "", password: "" },
    ...adding,
    resetOnSuccess: true,
    onSubmit: async (values) => {
      setNote(null);
      const result = await runAdd(values);
      if (!result) return;
      if (result.success) {
        setNote({ kind: "success", text: t`${result.data.email} is now a superuser.` });
        onAdded();
      } else if (!result.error.aborted && Object.keys(result.error.fieldErrors).length === 0) {
        setNote({ kind: "error", text: result.error.message });
      }
    },
  });
  return (
    <form aria-labelledby="add-superuser" className="flex flex-col gap-4" {...form.formProps}>
      <EmailField
        name="email"
        value={form.values.email}
        onValueChange={(value) => form.setValue("email", value)}
        error={form.errorFor("email")}
      />
      <PasswordField
        name="password"
        autoComplete="new-password"
        value={form.values.password}
        onValueChange={(value) => form.setValue("password", value)}
        error={form.errorFor("password")}
      />
      <SubmitButton status={adding.status}>
        <Trans>Add</Trans>
      </SubmitButton>
    </form>
  );
}
