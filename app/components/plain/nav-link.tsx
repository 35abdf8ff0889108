import type { NavLinkProps } from "@mantine/core";
import { type ComponentPropsWithoutRef, type ElementType, forwardRef } from "react";
import { NavLink as MantineNavLink } from "~/lib/mantine/NavLink";
import { boxAttributes, needsMantine, rootClassName, rootStyle } from "./box-props";
import { FOCUS_CLASS } from "./plain-theme";

/** NavLink's props the plain one leaves to Mantine's: nested links (children open and close), sections, colours. */
const NAV_LINK_MANTINE_ONLY = new Set(["children", "opened", "defaultOpened", "onChange", "leftSection", "rightSection", "color", "variant", "autoContrast", "noWrap", "childrenOffset", "disableRightSectionRotation", "mod"]);

export type PlainNavLinkProps<C extends ElementType = "a"> = NavLinkProps & { component?: C } & Omit<ComponentPropsWithoutRef<C>, keyof NavLinkProps | "component">;

/**
 * Mantine's NavLink (a link without nested links) on a plain element: the sidebar draws one per page the user may
 * open, each about 190 µs of server time as Mantine's against 6 µs plain (../shared/notes/page-cost.md).
 */
export const NavLink = forwardRef<HTMLAnchorElement, PlainNavLinkProps<ElementType>>(function NavLink(props, ref) {
  if (needsMantine(props, NAV_LINK_MANTINE_ONLY)) return <MantineNavLink ref={ref} {...(props as NavLinkProps)} />;
  const { component, label, description, active, disabled, className, style, ...others } = props as Record<string, unknown> & PlainNavLinkProps<ElementType>;
  const root = { className: `${FOCUS_CLASS} ${rootClassName("", className, "m_f0824112")} mantine-NavLink-root m_87cf2631 mantine-UnstyledButton-root`, style: rootStyle({}, style) };
  const Element: ElementType = component ?? "a";
  return (
    <Element ref={ref} {...boxAttributes(root, others, { disabled, active })}>
      <div className="m_f07af9d2 mantine-NavLink-body">
        <span className="m_1f6ac4c4 mantine-NavLink-label">{label}</span>
        <span className="m_57492dcc mantine-NavLink-description" data-active={active || undefined}>
          {description}
        </span>
      </div>
    </Element>
  );
}) as <C extends ElementType = "a">(props: PlainNavLinkProps<C> & { ref?: unknown }) => JSX.Element;
