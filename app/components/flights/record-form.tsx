import type { FormMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import type { z } from "zod";
import { SelectField } from "~/components/fields/fields";
import { RecordIntentInputs } from "~/components/intent-form";
import { type AirlineOptions, SettingsForm, type SettingsFormProps, useSettingsForm } from "~/components/settings/settings-form";

// Allotments and booking rules are each created and edited through one form that their list's action serves
// for both: hidden fields say which it is (the intent, and the record's id when updating), and a platform user
// creating one on a host without an airline picks the airline first. These pieces hold that once.

/** The props of such a form: a settings form's, and the airlines a platform user picks from. */
export type RecordFormProps = SettingsFormProps & { airlines?: AirlineOptions };

/** useSettingsForm, and whether the form updates a stored record (its values carry `intent: "update"`). */
export function useRecordForm<S extends z.ZodTypeAny>(schema: S, { id, lastResult, defaultValue }: SettingsFormProps) {
  const [form, fields] = useSettingsForm(schema, { id, lastResult, defaultValue });
  return { form, fields, updating: defaultValue.intent === "update" };
}

/** A SettingsForm (no browser validation) with the hidden intent and, when updating, the record's id. */
export function RecordForm<Schema extends Record<string, unknown>>({
  fields,
  recordId,
  updating,
  children,
  ...frame
}: {
  form: FormMetadata<Schema, string[]>;
  fields: { intent: { name: string }; id: { name: string } };
  recordId: string | undefined;
  updating: boolean;
  testId: string;
  submitTestId: string;
  cancelHref: string;
  children: ReactNode;
}) {
  return (
    <SettingsForm {...frame} noValidate hidden={<RecordIntentInputs fields={fields} updating={updating} recordId={recordId} />}>
      {children}
    </SettingsForm>
  );
}

/** The airline of a new record, for a platform user on a host without one (no airlines: the tenant's applies). */
export function CarrierSelect({ field, airlines, label }: { field: Parameters<typeof SelectField>[0]["field"]; airlines?: AirlineOptions; label: string }) {
  return airlines ? <SelectField field={field} label={label} options={airlines} placeholder="—" required /> : null;
}
