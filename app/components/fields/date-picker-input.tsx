import { DateInput, DatesProvider } from "@mantine/dates";
import datesStyles from "@mantine/dates/styles.css";
import type { TextInputProps } from "@mantine/core";
import { useDidUpdate } from "@mantine/hooks";
import { useRef, useState, type FocusEvent } from "react";
import { useTranslation } from "react-i18next";
import { DATE_DISPLAY_FORMAT, dateLanguageOf, dateOfIso, isoDateOf, parseTypedDate } from "./date-text";

/**
 * The enhanced face of IsoDateInput, loaded after hydration (so @mantine/dates and dayjs stay out of every
 * route chunk): Mantine's DateInput with a calendar in the user's language, Monday first. Mantine's own
 * hidden input posts a full UTC timestamp, shifted a day back east of Greenwich; so it gets no `name`, and
 * a hidden input of ours posts the picked wall date as `YYYY-MM-DD` under the field's name. The calendar's
 * stylesheet comes with it (a link in the body is honoured), not in root's links for every page.
 */
export default function DatePickerInput({ name, form, defaultValue, onBlur, ...input }: Omit<TextInputProps, "type" | "defaultValue"> & { name: string; defaultValue?: string }) {
  const { t, i18n } = useTranslation("common");
  const language = dateLanguageOf(i18n.language);
  const [value, setValue] = useState<Date | null>(() => dateOfIso(defaultValue));
  const posted = useRef<HTMLInputElement>(null);
  const iso = isoDateOf(value);

  // the named input changed as if typed: the form's listeners (conform's validation) read the new value
  useDidUpdate(() => {
    posted.current?.dispatchEvent(new Event("input", { bubbles: true }));
  }, [iso]);
  const leave = (event: FocusEvent<HTMLInputElement>) => {
    onBlur?.(event);
    posted.current?.dispatchEvent(new FocusEvent("focusout", { bubbles: true }));
  };

  return (
    <DatesProvider settings={{ locale: language, firstDayOfWeek: 1 }}>
      <link rel="stylesheet" href={datesStyles} />
      <DateInput
        {...(input as Record<string, unknown>)}
        value={value}
        onChange={setValue}
        onBlur={leave}
        clearable
        allowDeselect={false}
        clearButtonProps={{ "aria-label": t("dates.clear") }}
        valueFormat={DATE_DISPLAY_FORMAT[language]}
        dateParser={(text) => parseTypedDate(text, language)}
        ariaLabels={{ previousMonth: t("dates.previousMonth"), nextMonth: t("dates.nextMonth") }}
        data-date-for={name}
        // inside the wrapper, so the field's error and tests find the posted input beside the visible one
        inputContainer={(children) => (
          <>
            {children}
            <input ref={posted} type="hidden" name={name} form={form} value={iso} />
          </>
        )}
      />
    </DatesProvider>
  );
}
