import type { TextInputProps } from "@mantine/core";
import { TextInput } from "~/components/plain/text-input";
import type { FocusEvent } from "react";
import { useTranslation } from "react-i18next";
import { normalizeTime } from "./time-text";

/**
 * A time of day on the 24-hour clock, typed as `HH:mm` and posted as typed under `name`.
 * Deliberately a text input, not `<input type="time">` (nor @mantine/dates' TimeInput, which is one): the
 * native control follows the browser's locale, so an en-US browser showed "10:00 AM" where the product shows
 * 10:00. Without JavaScript the server reads the text; with it, a time typed loosely ("930", "9.30") is
 * written as `09:30` when the field is left.
 */
export function Time24Input({ onBlur, ...input }: Omit<TextInputProps, "type">) {
  const { t } = useTranslation("common");
  const tidy = (event: FocusEvent<HTMLInputElement>) => {
    const el = event.currentTarget;
    const tidied = normalizeTime(el.value);
    if (tidied !== el.value) {
      el.value = tidied;
      // as if typed: the form's listeners (conform's revalidation) read the tidied value
      el.dispatchEvent(new Event("input", { bubbles: true }));
    }
    onBlur?.(event);
  };
  return (
    <TextInput
      placeholder={t("dates.timePlaceholder")}
      inputMode="numeric"
      autoComplete="off"
      maxLength={8}
      {...input}
      type="text"
      onBlur={tidy}
      data-time-24
    />
  );
}
