import { Trans, useLingui } from "@lingui/react/macro";
import * as React from "react";
import { Field } from "#src/ui/field.tsx";
import { Input } from "#src/ui/input.tsx";
import { AuthCard } from "./auth-card.tsx";
import { FormAlert, FormSuccess } from "#src/forms/form-alert.tsx";
import { SubmitButton } from "#src/forms/submit-button.tsx";
import { useForm, type FormProps } from "#src/forms/use-form.ts";
import { collectErrors, requireValue } from "#src/forms/validation.ts";

export type ProfileValues = { name: string };

/** The profile section of the account page: the name. */
export function ProfileForm({
  defaultValues,
  status,
  errors,
  message,
  onSubmit,
  headingLevel = 2,
}: FormProps<ProfileValues> & { defaultValues?: Partial<ProfileValues>; headingLevel?: 1 | 2 | 3 }) {
  const { t } = useLingui();
  const titleId = React.useId();
  const form = useForm<ProfileValues>({
    initialValues: { name: "", ...defaultValues },
    validate: (v) => collectErrors({ name: requireValue(v.name) }),
    status,
    errors,
    message,
    onSubmit,
  });
  return (
    <AuthCard
      data-slot="profile-form"
      wide
      titleId={titleId}
      headingLevel={headingLevel}
      title={<Trans>Profile</Trans>}
      description={<Trans>The name we use when we write to you.</Trans>}
    >
      <form aria-labelledby={titleId} className="flex flex-col gap-5" {...form.formProps}>
        <FormAlert {...form.alert} />
        <FormSuccess show={status === "success"}>
          <Trans>Your profile is saved.</Trans>
        </FormSuccess>
        <Field label={t`Name`} error={form.errorFor("name")}>
          <Input
            name="name"
            autoComplete="name"
            value={form.values.name}
            onChange={(e) => form.setValue("name", e.target.value)}
          />
        </Field>
        <SubmitButton status={status} width="full-on-phone" className="self-start">
          <Trans>Save</Trans>
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
