import type { TitleProps } from "@mantine/core";
import { forwardRef } from "react";
import { rem } from "~/lib/mantine/rem";
import { Title as MantineTitle } from "~/lib/mantine/Title";
import { boxAttributes, needsMantine, rootClassName, rootStyle } from "./box-props";

const TITLE_MANTINE_ONLY = new Set(["lineClamp", "mod"]);
const HEADINGS = new Set(["h1", "h2", "h3", "h4", "h5", "h6"]);
const SIZES = new Set(["xs", "sm", "md", "lg", "xl"]);

/** Mantine's getTitleSize: a heading's size, weight and line height as its CSS variables. */
function titleSize(order: number, size: TitleProps["size"]) {
  const named = size !== undefined ? size : `h${order}`;
  if (typeof named === "string" && HEADINGS.has(named)) {
    return { fz: `var(--mantine-${named}-font-size)`, fw: `var(--mantine-${named}-font-weight)`, lh: `var(--mantine-${named}-line-height)` };
  }
  const fz = typeof named === "string" && SIZES.has(named) ? `var(--mantine-font-size-${named})` : rem(named);
  return { fz, fw: `var(--mantine-h${order}-font-weight)`, lh: `var(--mantine-h${order}-line-height)` };
}

/** Mantine's Title on a plain heading element. */
export const Title = forwardRef<HTMLHeadingElement, TitleProps & React.ComponentPropsWithoutRef<"h1">>(function Title(props, ref) {
  if (needsMantine(props, TITLE_MANTINE_ONLY)) return <MantineTitle ref={ref} {...props} />;
  const { order = 1, size, textWrap, className, style, variant, ...others } = props;
  if (![1, 2, 3, 4, 5, 6].includes(order)) return null;
  const sized = titleSize(order, size);
  const vars = { "--title-fw": sized.fw, "--title-lh": sized.lh, "--title-fz": sized.fz, "--title-text-wrap": textWrap as string | undefined };
  const root = { className: `${rootClassName("", className, "m_8a5d1357")} mantine-Title-root`, style: rootStyle(vars, style) };
  const Heading = `h${order}` as const;
  return <Heading ref={ref} {...boxAttributes(root, { ...others, variant, size }, { order })} />;
});
