import type { BadgeProps } from "@mantine/core";
import { type ComponentPropsWithoutRef, type ElementType, forwardRef } from "react";
import { Badge as MantineBadge } from "~/lib/mantine/Badge";
import { getRadius } from "~/lib/mantine/getRadius";
import { getSize } from "~/lib/mantine/getSize";
import { getThemeColor } from "~/lib/mantine/getThemeColor";
import { boxAttributes, needsMantine, rootClassName, rootStyle } from "./box-props";
import { plainTheme, variantColors } from "./plain-theme";

const BADGE_MANTINE_ONLY = new Set(["leftSection", "rightSection", "gradient", "autoContrast", "circle", "mod"]);

export type PlainBadgeProps<C extends ElementType = "div"> = BadgeProps & { component?: C } & Omit<ComponentPropsWithoutRef<C>, keyof BadgeProps | "component">;

/** Mantine's Badge on a plain element (its root and label span, the variant's colours as CSS variables). */
export const Badge = forwardRef<HTMLElement, PlainBadgeProps<ElementType>>(function Badge(props, ref) {
  if (needsMantine(props, BADGE_MANTINE_ONLY)) return <MantineBadge ref={ref as never} {...(props as BadgeProps)} />;
  const { component, color, variant, size, radius, fullWidth, className, style, children, ...others } = props as Record<string, unknown> & PlainBadgeProps<ElementType>;
  const colors = variantColors(color, variant);
  const tinted = Boolean(color || variant);
  const vars = {
    "--badge-height": getSize(size, "badge-height"),
    "--badge-padding-x": getSize(size, "badge-padding-x"),
    "--badge-fz": getSize(size, "badge-fz"),
    "--badge-radius": radius === undefined ? undefined : getRadius(radius),
    "--badge-bg": tinted ? colors.background : undefined,
    "--badge-color": tinted ? colors.color : undefined,
    "--badge-bd": tinted ? colors.border : undefined,
    "--badge-dot-color": variant === "dot" ? getThemeColor(color, plainTheme) : undefined,
  };
  const own = variant === "dot" ? "m_fbd81e3d" : "";
  const root = { className: `${rootClassName(own, className, "m_347db0ec")} mantine-Badge-root`, style: rootStyle(vars, style) };
  const Element: ElementType = component ?? "div";
  return (
    <Element ref={ref} {...boxAttributes(root, { variant, size, ...others }, { block: fullWidth })}>
      <span className="m_5add502a mantine-Badge-label">{children}</span>
    </Element>
  );
}) as <C extends ElementType = "div">(props: PlainBadgeProps<C> & { ref?: unknown }) => JSX.Element;
