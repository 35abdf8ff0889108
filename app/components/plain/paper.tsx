import type { PaperProps } from "@mantine/core";
import { type ComponentPropsWithoutRef, type ElementType, forwardRef } from "react";
import { getRadius } from "~/lib/mantine/getRadius";
import { getShadow } from "~/lib/mantine/getShadow";
import { Paper as MantinePaper } from "~/lib/mantine/Paper";
import { boxAttributes, needsMantine, rootClassName, rootStyle } from "./box-props";

const PAPER_MANTINE_ONLY = new Set(["mod"]);

export type PlainPaperProps<C extends ElementType = "div"> = PaperProps & { component?: C } & Omit<ComponentPropsWithoutRef<C>, keyof PaperProps | "component">;

/** Mantine's Paper on a plain element. */
export const Paper = forwardRef<HTMLElement, PlainPaperProps<ElementType>>(function Paper(props, ref) {
  if (needsMantine(props, PAPER_MANTINE_ONLY)) return <MantinePaper ref={ref as never} {...(props as PaperProps)} />;
  const { component, withBorder, radius, shadow, className, style, variant, ...others } = props as Record<string, unknown> & PlainPaperProps<ElementType>;
  const vars = { "--paper-radius": radius === undefined ? undefined : getRadius(radius), "--paper-shadow": getShadow(shadow) };
  const root = { className: `${rootClassName("", className, "m_1b7284a3")} mantine-Paper-root`, style: rootStyle(vars, style) };
  const Element: ElementType = component ?? "div";
  return <Element ref={ref} {...boxAttributes(root, { ...others, variant }, { "data-with-border": withBorder })} />;
}) as <C extends ElementType = "div">(props: PlainPaperProps<C> & { ref?: unknown }) => JSX.Element;
