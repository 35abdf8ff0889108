import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { Checkbox } from "~/lib/mantine/Checkbox";
import { NativeSelect } from "~/lib/mantine/NativeSelect";
import { Textarea } from "~/lib/mantine/Textarea";
import { TextInput } from "~/components/plain/text-input";
import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { IsoDateInput } from "./iso-date-input";
import { ReferencePicker } from "./reference-picker";
import { Time24Input } from "./time-24-input";

/**
 * Mantine inputs bound to conform fields. The server renders native controls only (text, number, date, select,
 * checkbox), so every form posts ISO dates, 24-hour `HH:mm` times and plain values with JavaScript off (dates
 * become @mantine/dates pickers once hydrated); errors show beside their field
 * in the user's language (i18n keys like "errors:required", or the server's own text).
 */
type Field = FieldMetadata<unknown>;

/** i18next's `t`, as much of it as a message needs (any namespace's). */
type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A message as the schemas and actions carry it, in the user's language: the server's own text as it is, an i18n
 * key, or a key with URL-encoded values ("errors:max?max=255", as a zod message can only be one string). A `reason`
 * value is itself a key (the rule a list's bad entries break: "errors:badCodes?codes=XX1&reason=errors%3Aiata").
 */
export function translateMessage(t: Translate, message: string, params?: Record<string, unknown>): string {
  if (!message.includes(":") || message.includes(" ")) return message;
  const [key, encoded] = message.split("?", 2) as [string, string | undefined];
  const values: Record<string, unknown> = Object.fromEntries(new URLSearchParams(encoded ?? ""));
  if (typeof values.reason === "string") values.reason = t(values.reason);
  // i18next picks a plural form (`_one`, `_few`, ...) only for a numeric count, and URL values are text
  if (typeof values.count === "string" && /^\d+$/.test(values.count)) values.count = Number(values.count);
  return t(key, { ...values, ...params });
}

export function useFieldError() {
  const { t } = useTranslation(["errors", "common"]);
  return (field: Field, params?: Record<string, unknown>): string | undefined => {
    const message = field.errors?.[0];
    return message ? translateMessage(t, message, params) : undefined;
  };
}

interface Common {
  field: Field;
  label: ReactNode;
  description?: ReactNode;
  required?: boolean;
  readOnly?: boolean;
}

export function TextField({ field, label, description, required, readOnly, type = "text" }: Common & { type?: "text" | "email" | "tel" | "url" }) {
  const error = useFieldError();
  return (
    <TextInput
      {...getInputProps(field, { type })}
      key={field.key}
      label={label}
      description={description}
      required={required ?? field.required}
      readOnly={readOnly}
      error={error(field)}
    />
  );
}

export function NumberField({ field, label, description, required, step = "any", min }: Common & { step?: string; min?: number }) {
  const error = useFieldError();
  return (
    <TextInput
      {...getInputProps(field, { type: "number" })}
      key={field.key}
      label={label}
      description={description}
      required={required ?? field.required}
      step={step}
      min={min}
      inputMode="decimal"
      error={error(field)}
    />
  );
}

/** A date posted as `YYYY-MM-DD`: a native date input without JS, @mantine/dates' picker with it (IsoDateInput). */
export function DateField({ field, label, description, required }: Common) {
  const error = useFieldError();
  const { type: _native, ...input } = getInputProps(field, { type: "date" });
  return (
    <IsoDateInput
      {...input}
      name={field.name}
      key={field.key}
      label={label}
      description={description}
      required={required ?? field.required}
      error={error(field)}
    />
  );
}

/** A time posted as `HH:mm` on the 24-hour clock, whatever clock the browser's locale prefers (Time24Input). */
export function TimeField({ field, label, description, required }: Common) {
  const error = useFieldError();
  const { type: _native, ...input } = getInputProps(field, { type: "text" });
  return <Time24Input {...input} key={field.key} label={label} description={description} required={required ?? field.required} error={error(field)} />;
}

export function SelectField({
  field,
  label,
  description,
  required,
  options,
  placeholder,
}: Common & { options: Array<{ value: string; label: string }>; placeholder?: string }) {
  const error = useFieldError();
  const data = placeholder ? [{ value: "", label: placeholder }, ...options] : options;
  return (
    <NativeSelect
      {...getSelectProps(field)}
      key={field.key}
      label={label}
      description={description}
      required={required ?? field.required}
      data={data}
      error={error(field)}
    />
  );
}

export function CheckboxField({ field, label, description }: Common) {
  const error = useFieldError();
  return <Checkbox {...getInputProps(field, { type: "checkbox" })} key={field.key} label={label} description={description} error={error(field)} />;
}

export function TextareaField({ field, label, description, required }: Common) {
  const error = useFieldError();
  // spec 1 §9: text areas default to 6 rows
  return (
    <Textarea {...getTextareaProps(field)} key={field.key} label={label} description={description} required={required ?? field.required} rows={6} error={error(field)} />
  );
}

/** A search-as-you-type reference picker bound to a conform field (see ReferencePicker). */
export function PickerField({
  field,
  label,
  description,
  required,
  kind,
  multiple,
}: Common & { kind: import("~/lib/reference/reference-kinds").ReferenceKind; multiple?: boolean }) {
  const error = useFieldError();
  return (
    <ReferencePicker
      {...getInputProps(field, { type: "text" })}
      key={field.key}
      kind={kind}
      multiple={multiple}
      label={label}
      description={description}
      required={required ?? field.required}
      error={error(field)}
    />
  );
}

/**
 * A form's yes/no options, one checkbox each, in order: a field's label is `fields.<name>` in the form's namespace
 * (`t`); a field labelled under another name is given as `[field, label name]`.
 */
export function CheckboxFields<F extends Record<string, FieldMetadata<unknown>>>({
  fields,
  names,
  t,
}: {
  fields: F;
  names: ReadonlyArray<(keyof F & string) | readonly [keyof F & string, string]>;
  t: (key: string) => string;
}) {
  return (
    <>
      {names.map((entry) => {
        const [name, labelName] = typeof entry === "string" ? [entry, entry] : entry;
        return <CheckboxField key={name} field={fields[name]!} label={t(`fields.${labelName}`)} />;
      })}
    </>
  );
}
