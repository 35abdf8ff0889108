import { getFormProps, useForm, type FormMetadata, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Stack } from "~/components/plain/stack";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { CsrfInput } from "~/components/form-guards";
import { FormActions, FormErrors } from "./form-parts";

// Every settings create/edit form validates the same way and is laid out the same way: the same zod schema in the
// browser and in the action (errors on blur, re-checked while typing), and a plain POST form (CSRF token, form
// errors, sections, Save/Cancel) that works without JS. These two pieces hold that once; a form adds its fields.

/** The props every settings form takes: its id, the record's values (or a new one's), the action's last answer, where Cancel goes. */
export interface SettingsFormProps<D = Record<string, string | undefined>> {
  id: string;
  defaultValue: D;
  lastResult?: SubmissionResult<string[]> | null;
  cancelHref: string;
}

/** The airlines a platform user on a host without one picks from (`airlineChoices`); null: the tenant's airline applies. */
export type AirlineOptions = Array<{ value: string; label: string }> | null;

/**
 * conform's useForm as every settings form sets it up; a form passes on its own props' `id`, `defaultValue` and
 * `lastResult`. `defaultValue` is the loader's JSON of the record, which conform types after the schema's input: it
 * is passed through as is.
 */
export function useSettingsForm<S extends z.ZodTypeAny>(
  schema: S,
  { id, lastResult, defaultValue }: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: object },
) {
  return useForm({
    id,
    lastResult: lastResult ?? undefined,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(schema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}

/**
 * The frame of a settings form: POST with the CSRF token, any hidden fields (`hidden`, before the visible ones),
 * the form-level errors, the sections (`children`), Save/Cancel. `noValidate` leaves checking to the schema
 * (the pickers' plain inputs without JS would otherwise be stopped by the browser's own rules).
 */
export function SettingsForm<Schema extends Record<string, unknown>>({
  form,
  testId,
  cancelHref,
  submitTestId,
  noValidate,
  hidden,
  children,
}: {
  form: FormMetadata<Schema, string[]>;
  testId: string;
  cancelHref: string;
  submitTestId?: string;
  noValidate?: boolean;
  hidden?: ReactNode;
  children: ReactNode;
}) {
  return (
    // `noValidate` only when asked: otherwise getFormProps's own (set once JS has taken over) stands
    <Form method="post" {...getFormProps(form)} {...(noValidate ? { noValidate: true } : {})} data-testid={testId}>
      <CsrfInput />
      {hidden}
      <Stack gap="md">
        <FormErrors errors={form.errors} />
        {children}
        <FormActions cancelHref={cancelHref} submitTestId={submitTestId} />
      </Stack>
    </Form>
  );
}
