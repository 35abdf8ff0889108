import { getFormProps, getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { Alert } from "~/lib/mantine/Alert";
import { Button } from "~/components/plain/button";
import { PasswordInput } from "~/lib/mantine/PasswordInput";
import { Stack } from "~/components/plain/stack";
import { TextInput } from "~/components/plain/text-input";
import { Form, useNavigation } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CsrfInput, Honeypot } from "./form-guards";

// The forms of the public pages (sign in, register, restore, new password) are built alike: a plain POST form
// with the CSRF token and the honeypot, errors above the fields, and inputs whose messages are keys of the
// `auth` namespace ("validation.required") or of `errors` ("errors:TooManyAttempts"). These pieces hold that once.

/** A message key of a public form in the reader's language (nothing when there is none). */
export function usePublicMessage() {
  const { t } = useTranslation(["auth", "errors"]);
  return (key?: string) => (key ? t(key) : undefined);
}

/**
 * The frame: POST with the CSRF token and the honeypot, the page's own hidden fields (`hidden`), then in one column
 * the form's errors, its fields, the submit button (busy while the post is on its way) and `footer`. `intro` stands
 * above the errors. `noValidate` leaves checking to the schema.
 */
export function PublicForm<Schema extends Record<string, unknown>>({
  form,
  hidden,
  intro,
  errorTestId,
  submitLabel,
  footer,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  hidden?: ReactNode;
  intro?: ReactNode;
  errorTestId?: string;
  submitLabel: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const tr = usePublicMessage();
  const navigation = useNavigation();
  return (
    <Form method="post" {...getFormProps(form)} noValidate>
      <CsrfInput />
      <Honeypot />
      {hidden}
      <Stack gap="sm">
        {intro}
        {form.errors?.length ? (
          <Alert color="red" role="alert" data-testid={errorTestId}>
            {form.errors.map((e) => tr(e)).join(" ")}
          </Alert>
        ) : null}
        {children}
        <Button type="submit" loading={navigation.state === "submitting"}>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </Form>
  );
}

/** A text, e-mail, phone or password input of a public form, its error beside it. */
export function PublicField({
  field,
  type,
  label,
  autoComplete,
}: {
  field: FieldMetadata<string | undefined>;
  type: "text" | "email" | "tel" | "password";
  label: string;
  autoComplete?: string;
}) {
  const tr = usePublicMessage();
  const Input = type === "password" ? PasswordInput : TextInput;
  return <Input {...getInputProps(field, { type })} key={field.key} label={label} autoComplete={autoComplete} error={tr(field.errors?.[0])} />;
}
