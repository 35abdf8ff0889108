import type { StackProps } from "@mantine/core";
import { forwardRef } from "react";
import { getSpacing } from "~/lib/mantine/getSpacing";
import { Stack as MantineStack } from "~/lib/mantine/Stack";
import { boxAttributes, needsMantine, rootClassName, rootStyle } from "./box-props";

const STACK_MANTINE_ONLY = new Set(["mod"]);

/** Mantine's Stack on a plain div. */
export const Stack = forwardRef<HTMLDivElement, StackProps & React.ComponentPropsWithoutRef<"div"> & { component?: React.ElementType }>(function Stack(props, ref) {
  if (needsMantine(props, STACK_MANTINE_ONLY)) return <MantineStack ref={ref} {...props} />;
  const { component, gap = "md", align = "stretch", justify = "flex-start", className, style, variant, ...others } = props;
  const vars = { "--stack-gap": getSpacing(gap), "--stack-align": align as string, "--stack-justify": justify as string };
  const root = { className: `${rootClassName("", className, "m_6d731127")} mantine-Stack-root`, style: rootStyle(vars, style) };
  const Element: React.ElementType = component ?? "div";
  return <Element ref={ref} {...boxAttributes(root, { ...others, variant }, {})} />;
});
