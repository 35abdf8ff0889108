import type { ButtonProps } from "@mantine/core";
import { type ComponentPropsWithoutRef, type ElementType, forwardRef } from "react";
import { Button as MantineButton } from "~/lib/mantine/Button";
import { getFontSize } from "~/lib/mantine/getFontSize";
import { getRadius } from "~/lib/mantine/getRadius";
import { getSize } from "~/lib/mantine/getSize";
import { boxAttributes, needsMantine, rootClassName, rootStyle } from "./box-props";
import { ACTIVE_CLASS, FOCUS_CLASS, variantColors } from "./plain-theme";

/**
 * Button's props the plain Button leaves to Mantine's. `loading` among them even when false: a button whose
 * loading state changes must stay one component (see needsMantine), and only Mantine's draws the loader.
 */
const BUTTON_MANTINE_ONLY = new Set(["loading", "loaderProps", "leftSection", "rightSection", "gradient", "autoContrast", "data-disabled", "mod"]);

export type PlainButtonProps<C extends ElementType = "button"> = ButtonProps & { component?: C } & Omit<ComponentPropsWithoutRef<C>, keyof ButtonProps | "component">;

/**
 * Mantine's Button on a plain element (the same markup: the UnstyledButton root, its inner and label spans, the
 * variant's colours as CSS variables), at about a fifteenth of its server time (../shared/notes/page-cost.md).
 */
export const Button = forwardRef<HTMLElement, PlainButtonProps<ElementType>>(function Button(props, ref) {
  if (needsMantine(props, BUTTON_MANTINE_ONLY)) return <MantineButton ref={ref as never} {...(props as ButtonProps)} />;
  const { component, color, variant, size, radius, justify, fullWidth, disabled, className, style, children, ...others } = props as Record<string, unknown> &
    PlainButtonProps<ElementType>;
  const colors = variantColors(color, variant);
  const tinted = Boolean(color || variant);
  const vars = {
    "--button-justify": justify as string | undefined,
    "--button-height": getSize(size, "button-height"),
    "--button-padding-x": getSize(size, "button-padding-x"),
    "--button-fz": size?.includes("compact") ? getFontSize(size.replace("compact-", "")) : getFontSize(size),
    "--button-radius": radius === undefined ? undefined : getRadius(radius),
    "--button-bg": tinted ? colors.background : undefined,
    "--button-hover": tinted ? colors.hover : undefined,
    "--button-color": colors.color,
    "--button-bd": tinted ? colors.border : undefined,
    "--button-hover-color": tinted ? colors.hoverColor : undefined,
  };
  const buttonClass = `${rootClassName(disabled ? "" : ACTIVE_CLASS, className, "m_77c9d27d")} mantine-Button-root`;
  const root = { className: `${FOCUS_CLASS} ${buttonClass} m_87cf2631 mantine-UnstyledButton-root`, style: rootStyle(vars, style) };
  const Element: ElementType = component ?? "button";
  const attributes = boxAttributes(root, { type: Element === "button" ? "button" : undefined, variant, size, disabled, ...others }, { disabled, block: fullWidth });
  return (
    <Element ref={ref} {...attributes}>
      <span className="m_80f1301b mantine-Button-inner">
        <span className="m_811560b9 mantine-Button-label">{children}</span>
      </span>
    </Element>
  );
}) as <C extends ElementType = "button">(props: PlainButtonProps<C> & { ref?: unknown }) => JSX.Element;
