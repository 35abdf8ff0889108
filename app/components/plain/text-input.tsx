import type { TextInputProps } from "@mantine/core";
import { type ComponentPropsWithoutRef, forwardRef, type MouseEvent } from "react";
import { TextInput as MantineTextInput } from "~/lib/mantine/TextInput";
import { hasStyleProp, needsMantine } from "./box-props";

/**
 * Props the plain input leaves to Mantine's: sizes and variants (CSS variables it does not compute), sections, the
 * wrapper's parts' own props, the order of its parts, and the root's className and style.
 */
const TEXT_INPUT_MANTINE_ONLY = new Set([
  "size",
  "radius",
  "variant",
  "leftSection",
  "leftSectionProps",
  "leftSectionWidth",
  "leftSectionPointerEvents",
  "rightSection",
  "rightSectionProps",
  "rightSectionWidth",
  "rightSectionPointerEvents",
  "wrapperProps",
  "labelProps",
  "descriptionProps",
  "errorProps",
  "inputContainer",
  "inputWrapperOrder",
  "withAsterisk",
  "withAria",
  "withErrorStyles",
  "pointer",
  "multiline",
  "inputSize",
  "mod",
  "className",
  "style",
  "hiddenFrom",
  "visibleFrom",
  "component",
  "__staticSelector",
  "__stylesApiProps",
  "__clearSection",
  "__clearable",
  "__defaultRightSection",
]);

export type PlainTextInputProps = TextInputProps & Omit<ComponentPropsWithoutRef<"input">, keyof TextInputProps>;

/** Mantine's label ignores the second click of a double click, so it does not select the label's text. */
function keepSelection(event: MouseEvent<HTMLLabelElement>) {
  if (!event.defaultPrevented && event.detail > 1) event.preventDefault();
}

/**
 * Mantine's TextInput (its InputWrapper: label with the required asterisk, description, the input in its wrapper,
 * error) on plain elements with Mantine's classes, data attributes and CSS variables. A form page draws dozens of
 * them: Mantine's took about a fifth of the create form's server time (issue 25). It needs an `id` (conform's fields
 * always give one; Mantine would make one with useId); any prop it does not draw sends the call to Mantine's.
 */
export const TextInput = forwardRef<HTMLInputElement, PlainTextInputProps>(function TextInput(props, ref) {
  if (!props.id || needsMantine(props, TEXT_INPUT_MANTINE_ONLY) || hasStyleProp(props)) return <MantineTextInput ref={ref} {...props} />;
  // what is left is the input element's own (the props Mantine draws itself sent the call to Mantine's above)
  const { label, description, error, required, disabled, id, ...input } = props as Omit<PlainTextInputProps, "size" | "style"> as ComponentPropsWithoutRef<"input"> & Pick<TextInputProps, "label" | "description" | "error">;
  const hasError = Boolean(error) && typeof error !== "boolean";
  const hasDescription = Boolean(description);
  const errorId = `${id}-error`;
  const descriptionId = `${id}-description`;
  const describedBy = [hasError ? errorId : "", hasDescription ? descriptionId : ""].filter(Boolean).join(" ") || undefined;
  const invalid = Boolean(error);
  const wrapperStyle =
    hasDescription || hasError
      ? {
          "--input-margin-top": hasDescription ? "calc(var(--mantine-spacing-xs) / 2)" : undefined,
          "--input-margin-bottom": hasError ? "calc(var(--mantine-spacing-xs) / 2)" : undefined,
        }
      : undefined;
  return (
    <div className="m_46b77525 mantine-InputWrapper-root mantine-TextInput-root" data-error={invalid || undefined}>
      {label ? (
        <label className="m_8fdc1311 mantine-InputWrapper-label mantine-TextInput-label" data-required={required || undefined} htmlFor={id} id={`${id}-label`} onMouseDown={keepSelection}>
          {label}
          {required ? (
            <span className="m_78a94662 mantine-InputWrapper-required mantine-TextInput-required" aria-hidden>
              {" *"}
            </span>
          ) : null}
        </label>
      ) : null}
      {hasDescription ? (
        <p className="m_fe47ce59 mantine-InputWrapper-description mantine-TextInput-description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      <div
        className="m_6c018570 mantine-Input-wrapper mantine-TextInput-wrapper"
        style={wrapperStyle as never}
        data-variant="default"
        data-error={invalid || undefined}
        data-disabled={disabled || undefined}
      >
        <input
          className="m_8fb7ebe7 mantine-Input-input mantine-TextInput-input"
          data-variant="default"
          data-error={invalid || undefined}
          data-disabled={disabled || undefined}
          {...input}
          ref={ref}
          required={required}
          disabled={disabled}
          aria-invalid={invalid}
          aria-describedby={describedBy}
          id={id}
        />
      </div>
      {hasError ? (
        <p className="m_8f816625 mantine-InputWrapper-error mantine-TextInput-error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
});
