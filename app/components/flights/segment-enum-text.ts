import { useTranslation } from "react-i18next";

// A segment's enumerated values as words of the user's language: the API sends codes ("local", "over_capacity"),
// which read as English (or as code) on a Russian or Spanish page. A code this build does not know yet is shown
// as it came, so a new API value is visible rather than lost.

/** The segment fields whose values are codes with a translation under flight-page:values.<field>.<code>. */
const ENUM_FIELDS = new Set(["time_mode", "attention"]);

export function useSegmentEnumText() {
  const { t } = useTranslation("flight-page");
  const word = (field: string, code: string) => t(`values.${field}.${code}`, { defaultValue: code });
  return {
    /** The value in words when the field is enumerated (a list joined), else undefined: format it as any value. */
    of(field: string, value: unknown): string | undefined {
      if (!ENUM_FIELDS.has(field)) return undefined;
      if (typeof value === "string" && value) return word(field, value);
      if (Array.isArray(value) && value.length) return value.map((code) => word(field, String(code))).join(", ");
      return undefined;
    },
    /** Why the flight needs attention, one reason. */
    attention: (code: string) => word("attention", code),
  };
}
