import type { TextProps } from "@mantine/core";
import { type ElementType, forwardRef, type ComponentPropsWithoutRef } from "react";
import { getFontSize } from "~/lib/mantine/getFontSize";
import { getLineHeight } from "~/lib/mantine/getLineHeight";
import { getThemeColor } from "~/lib/mantine/getThemeColor";
import { Text as MantineText } from "~/lib/mantine/Text";
import { boxAttributes, needsMantine, rootClassName, rootStyle } from "./box-props";
import { FOCUS_CLASS, plainTheme } from "./plain-theme";

/** Text's own props the plain Text leaves to Mantine's (gradients, clamping, inline and inherited type). */
const TEXT_MANTINE_ONLY = new Set(["gradient", "lineClamp", "inline", "inherit", "mod", "__staticSelector"]);

export type PlainTextProps<C extends ElementType = "p"> = TextProps & { component?: C } & Omit<ComponentPropsWithoutRef<C>, keyof TextProps | "component">;

/**
 * Mantine's Text on a plain element: the same element, classes, variables and data attributes, without the
 * per-instance hooks and style-prop extraction that made it about 47 µs of server time each (13× a plain element,
 * ../shared/notes/page-cost.md). `Anchor` renders through it as Mantine's Anchor renders through Text.
 */
export function textRoot(
  props: Record<string, unknown>,
  names: { own: string; statics: string },
): Record<string, unknown> {
  const { size, color, truncate, span, className, style, variant, component: _component, ...others } = props;
  const vars = {
    "--text-fz": getFontSize(size as string),
    "--text-lh": getLineHeight(size as string),
    "--text-color": color ? getThemeColor(color as string, plainTheme) : undefined,
  };
  const root = { className: `${rootClassName(FOCUS_CLASS, className, names.own)} ${names.statics}`, style: rootStyle(vars, style) };
  const truncated = truncate ? (truncate === "start" ? "start" : "end") : undefined;
  return boxAttributes(root, { ...others, variant, size }, { "data-truncate": truncated });
}

const TEXT_NAMES = { own: "m_b6d8b162", statics: "mantine-Text-root" };

export const Text = forwardRef<HTMLElement, PlainTextProps<ElementType>>(function Text(props, ref) {
  if (needsMantine(props, TEXT_MANTINE_ONLY)) return <MantineText ref={ref as never} {...(props as TextProps)} />;
  const Element: ElementType = props.component ?? (props.span ? "span" : "p");
  return <Element ref={ref} {...textRoot(props as Record<string, unknown>, TEXT_NAMES)} />;
}) as <C extends ElementType = "p">(props: PlainTextProps<C> & { ref?: unknown }) => JSX.Element;
