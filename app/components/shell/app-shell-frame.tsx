import type { ReactNode } from "react";
import { rem } from "~/lib/mantine/rem";
import { plainTheme } from "../plain/plain-theme";
import { HEADER_HEIGHT } from "./header-height";

export const NAVBAR_WIDTH = 250;

/** Below this width (Mantine's `sm` less its 0.1 px) the sidebar is a drawer. */
const BELOW_SM = `${Number.parseFloat(plainTheme.breakpoints.sm) - 0.1 / 16}em`;

/**
 * The CSS variables Mantine's AppShell writes for `header={{ height: 56 }}`, `navbar={{ width: 250, breakpoint:
 * "sm", collapsed: { mobile: true } }}` and `padding="md"`, written once: the same for every page.
 */
export const APP_SHELL_CSS =
  `:root{--app-shell-navbar-width:${rem(NAVBAR_WIDTH)};--app-shell-navbar-offset:${rem(NAVBAR_WIDTH)};` +
  `--app-shell-header-height:${rem(HEADER_HEIGHT)};--app-shell-header-offset:${rem(HEADER_HEIGHT)};--app-shell-padding:var(--mantine-spacing-md);}` +
  `@media(max-width: ${BELOW_SM}){:root{--app-shell-navbar-width:100%;--app-shell-navbar-offset:0px;` +
  "--app-shell-navbar-transform:translateX(calc(var(--app-shell-navbar-width) * -1));--app-shell-navbar-transform-rtl:translateX(var(--app-shell-navbar-width));}}";

/**
 * Mantine's AppShell markup (its classes, variables and data attributes) on plain elements: the layout every
 * signed-in page is drawn in. Mantine's components cost about 9 ms of server time per page here, the plain
 * elements under 1 ms (../shared/notes/page-cost.md); its CSS does the same with either.
 */
export function AppShellFrame({ children }: { children: ReactNode }) {
  return (
    <>
      <style data-mantine-styles="inline" dangerouslySetInnerHTML={{ __html: APP_SHELL_CSS }} />
      <div className="m_89ab340 mantine-AppShell-root" style={{ "--app-shell-transition-duration": "200ms", "--app-shell-transition-timing-function": "ease" } as React.CSSProperties}>
        {children}
      </div>
    </>
  );
}

export function AppShellHeader({ children }: { children: ReactNode }) {
  return (
    <header className="m_3b16f56b mantine-AppShell-header right-scroll-bar-position" data-with-border="true" style={{ "--app-shell-header-z-index": 100 } as React.CSSProperties}>
      {children}
    </header>
  );
}

export function AppShellNavbar({ children, className, ...rest }: { children: ReactNode; "aria-label": string; id: string; className: string }) {
  return (
    <nav
      className={`m_45252eee mantine-AppShell-navbar ${className}`}
      data-with-border="true"
      style={{ "--app-shell-navbar-z-index": "calc(100 + 1)", padding: "var(--mantine-spacing-xs)" } as React.CSSProperties}
      {...rest}
    >
      {children}
    </nav>
  );
}

/** A part of the sidebar; the growing one scrolls on its own when the links outgrow the window. */
export function AppShellSection({ grow, className, style, children, ...attributes }: { grow?: boolean; className?: string; style?: React.CSSProperties; children: ReactNode; "data-testid"?: string }) {
  return (
    <div
      className={`m_6dcfc7c7 mantine-AppShell-section${className ? ` ${className}` : ""}`}
      data-grow={grow || undefined}
      style={grow ? { overflowY: "auto", minHeight: 0, ...style } : style}
      {...attributes}
    >
      {children}
    </div>
  );
}

export function AppShellMain({ children }: { children: ReactNode }) {
  return <main className="m_8983817 mantine-AppShell-main">{children}</main>;
}
