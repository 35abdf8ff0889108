import type { GroupProps } from "@mantine/core";
import { Children, forwardRef } from "react";
import { getSpacing } from "~/lib/mantine/getSpacing";
import { Group as MantineGroup } from "~/lib/mantine/Group";
import { boxAttributes, needsMantine, rootClassName, rootStyle } from "./box-props";

const GROUP_MANTINE_ONLY = new Set(["mod"]);

/** Mantine's Group on a plain div (falsy children dropped as Mantine drops them; `grow` sizes them alike). */
export const Group = forwardRef<HTMLDivElement, GroupProps & React.ComponentPropsWithoutRef<"div"> & { component?: React.ElementType }>(function Group(props, ref) {
  if (needsMantine(props, GROUP_MANTINE_ONLY)) return <MantineGroup ref={ref} {...props} />;
  const { component, gap = "md", align = "center", justify = "flex-start", wrap = "wrap", grow, preventGrowOverflow = true, className, style, children, variant, ...others } = props;
  const filtered = Children.toArray(children).filter(Boolean);
  const resolvedGap = getSpacing(gap);
  const count = filtered.length;
  const vars = {
    "--group-child-width": grow && preventGrowOverflow ? `calc(${100 / count}% - (${resolvedGap} - ${resolvedGap} / ${count}))` : undefined,
    "--group-gap": resolvedGap,
    "--group-align": align as string,
    "--group-justify": justify as string,
    "--group-wrap": wrap as string,
  };
  const root = { className: `${rootClassName("", className, "m_4081bf90")} mantine-Group-root`, style: rootStyle(vars, style) };
  const Element: React.ElementType = component ?? "div";
  return (
    <Element ref={ref} {...boxAttributes(root, { ...others, variant }, { grow })}>
      {filtered}
    </Element>
  );
});
