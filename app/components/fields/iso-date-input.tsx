import type { TextInputProps } from "@mantine/core";
import { TextInput } from "~/components/plain/text-input";
import { useEffect, useRef, useState, type ComponentType } from "react";

export type IsoDateInputProps = Omit<TextInputProps, "type" | "defaultValue" | "value"> & {
  name: string;
  /** `YYYY-MM-DD`, or empty. */
  defaultValue?: string;
};

type PickerComponent = ComponentType<IsoDateInputProps>;

/** The picker module once loaded: later pages (client navigations, not hydration) show it straight away. */
let loadedPicker: PickerComponent | undefined;
let hydrated = false;

/**
 * A date posted as `YYYY-MM-DD` under `name`, for any form (conform's or a plain GET filter form).
 * The server renders a native `<input type="date">`, a working field with JavaScript off (its value is ISO
 * whatever the browser shows). After hydration it becomes @mantine/dates' picker (date-picker-input.tsx),
 * loaded on demand so pages without dates never download it; a date typed before the swap is carried over.
 */
export function IsoDateInput(props: IsoDateInputProps) {
  const native = useRef<HTMLInputElement>(null);
  const [Picker, setPicker] = useState<PickerComponent | null>(() => (hydrated && loadedPicker ? loadedPicker : null));

  useEffect(() => {
    hydrated = true;
    if (Picker) return;
    let live = true;
    // void: should the chunk fail to load, the native date input (a working field) stays and the browser reports the rejection
    void import("./date-picker-input").then((module) => {
      loadedPicker = module.default as PickerComponent;
      if (live) setPicker(() => loadedPicker!);
    });
    return () => {
      live = false;
    };
  }, [Picker]);

  if (Picker) {
    // read in the render that swaps, while the native input is still mounted: what was typed up to the last moment
    const typed = native.current?.value;
    return <Picker {...props} defaultValue={typed ?? props.defaultValue} />;
  }
  return <TextInput {...props} ref={native} type="date" />;
}
