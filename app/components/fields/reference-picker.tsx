import type { TextInputProps } from "@mantine/core";
import { TextInput } from "~/lib/mantine/TextInput";
import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import type { ReferenceKind, ReferenceOption } from "~/lib/reference/reference-kinds";

/**
 * Search-as-you-type picker for airports, countries, SHC and aircraft types. It is a plain text input
 * with a native <datalist>: without JavaScript the user types the code and the server validates it;
 * with JavaScript the list fills from /resources/reference/<kind> as the user types (the last code of a
 * comma-separated list when `multiple`).
 */
export function ReferencePicker({ kind, multiple = false, ...input }: TextInputProps & { kind: ReferenceKind; multiple?: boolean }) {
  const listId = useId();
  const fetcher = useFetcher<{ options: ReferenceOption[] }>();
  const [prefix, setPrefix] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const onInput = (value: string) => {
    const parts = value.split(/,\s*/);
    const term = multiple ? parts[parts.length - 1] : value;
    setPrefix(multiple && parts.length > 1 ? `${parts.slice(0, -1).join(", ")}, ` : "");
    clearTimeout(timer.current);
    if (term.trim().length < 1) return;
    timer.current = setTimeout(() => fetcher.load(`/resources/reference/${kind}?q=${encodeURIComponent(term.trim())}`), 200);
  };

  return (
    <>
      <TextInput
        {...input}
        list={listId}
        autoComplete="off"
        onChange={(e) => {
          input.onChange?.(e);
          onInput(e.currentTarget.value);
        }}
      />
      <datalist id={listId}>
        {(fetcher.data?.options ?? []).map((o) => (
          <option key={o.value} value={`${prefix}${o.value}`}>
            {o.label}
          </option>
        ))}
      </datalist>
    </>
  );
}
