import type { TextInputProps } from "@mantine/core";
import { TextInput } from "~/components/plain/text-input";
import { useEffect, useId, useRef, useState } from "react";
import type { ReferenceKind, ReferenceOption } from "~/lib/reference/reference-kinds";

/**
 * Search-as-you-type picker for airports, countries, SHC and aircraft types. It is a plain text input
 * with a native <datalist>: without JavaScript the user types the code and the server validates it;
 * with JavaScript the list fills from /resources/reference/<kind> as the user types (the last code of a
 * comma-separated list when `multiple`).
 *
 * The suggestions come by a plain fetch, not a Remix fetcher: a fetcher's load has to find its route first
 * (v3_lazyRouteDiscovery), and one that overlapped a navigation (type, then Search at once) put the in-shell 404
 * over the next page. Suggestions are a help, so a failed or late answer is dropped and the field keeps working.
 */
export function ReferencePicker({ kind, multiple = false, ...input }: TextInputProps & { kind: ReferenceKind; multiple?: boolean }) {
  const listId = useId();
  const [options, setOptions] = useState<ReferenceOption[]>([]);
  const [prefix, setPrefix] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const pending = useRef<AbortController>();
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      pending.current?.abort();
    },
    [],
  );

  const suggest = async (term: string) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    try {
      const response = await fetch(`/resources/reference/${kind}?q=${encodeURIComponent(term)}`, { signal: controller.signal, headers: { accept: "application/json" } });
      if (!response.ok) return;
      const body = (await response.json()) as { options?: ReferenceOption[] };
      if (!controller.signal.aborted) setOptions(body.options ?? []);
    } catch {
      // aborted by the next key, offline, or not JSON: no suggestions this time
    }
  };

  const onInput = (value: string) => {
    const parts = value.split(/,\s*/);
    const term = multiple ? parts[parts.length - 1] : value;
    setPrefix(multiple && parts.length > 1 ? `${parts.slice(0, -1).join(", ")}, ` : "");
    clearTimeout(timer.current);
    if (term.trim().length < 1) return;
    timer.current = setTimeout(() => void suggest(term.trim()), 200);
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
        {options.map((o) => (
          <option key={o.value} value={`${prefix}${o.value}`}>
            {o.label}
          </option>
        ))}
      </datalist>
    </>
  );
}
