import * as Mantine from "@mantine/core";
import { createElement, type ElementType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Anchor } from "~/components/plain/anchor";
import { Badge } from "~/components/plain/badge";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { NavLink } from "~/components/plain/nav-link";
import { Paper } from "~/components/plain/paper";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { Title } from "~/components/plain/title";
import { APP_SHELL_CSS } from "~/components/shell/app-shell-frame";
import { theme } from "~/theme";

/** Markup with each tag's attributes in name order (React writes them in prop order, which differs). */
function normalised(html: string): string {
  return html.replace(/<([a-z0-9]+)((?:\s+[\w:-]+(?:="[^"]*")?)*)\s*(\/?)>/g, (_, tag: string, attributes: string, close: string) => {
    const list = [...attributes.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map((m) => m[0]).sort();
    return `<${[tag, ...list].join(" ")}${close}>`;
  });
}

/** The component's markup (without the provider's theme styles before it), attributes in name order. */
const render = (component: ElementType, props: Record<string, unknown>) =>
  normalised(renderToStaticMarkup(createElement(Mantine.MantineProvider, { theme }, createElement(component, props))).replace(/^(<style data-mantine-styles[^>]*>[^<]*<\/style>)+/, ""));

const Link = (props: Record<string, unknown>) => createElement("a", { ...props, "data-link": "yes" });

/** Each plain component beside Mantine's, with the props the app gives it (every style prop kind, polymorphic roots). */
const CASES: Array<[string, ElementType, ElementType, Record<string, unknown>]> = [
  ["Text", Mantine.Text, Text, { children: "plain" }],
  ["Text", Mantine.Text, Text, { size: "sm", c: "dimmed", fw: 600, mt: "sm", mb: "xs", p: "sm", ta: "right", ff: "monospace", w: 90, children: "x" }],
  ["Text", Mantine.Text, Text, { c: undefined, fw: undefined, mt: undefined, children: "undefined style props" }],
  ["Text", Mantine.Text, Text, { c: "red", size: "xs", span: true, "data-testid": "t", role: "alert", id: "e1", children: "x" }],
  ["Text", Mantine.Text, Text, { c: "indigo", fw: 700, truncate: "end", component: Link, to: "/", className: "mine", children: "x" }],
  ["Text", Mantine.Text, Text, { component: "label", htmlFor: "f", style: { whiteSpace: "nowrap" }, size: "lg", children: "x" }],
  ["Group", Mantine.Group, Group, { children: ["a", null, false, "b"] }],
  ["Group", Mantine.Group, Group, { gap: "xs", justify: "space-between", wrap: "nowrap", align: "flex-end", h: "100%", px: "md", miw: 0, visibleFrom: "sm", style: { borderBottom: "1px solid red" }, children: "x" }],
  ["Group", Mantine.Group, Group, { grow: true, gap: 6, component: "nav", role: "navigation", "aria-label": "x", children: ["a", "b", "c"] }],
  ["Stack", Mantine.Stack, Stack, { children: "x" }],
  ["Stack", Mantine.Stack, Stack, { gap: 0, align: "center", mt: 4, maw: 420, mah: 320, w: "100%", hiddenFrom: "sm", style: { flex: 1 }, "data-testid": "s", children: "x" }],
  ["Anchor", Mantine.Anchor, Anchor, { href: "/x", children: "x" }],
  ["Anchor", Mantine.Anchor, Anchor, { component: Link, to: "/y", size: "sm", fw: 600, c: "dimmed", underline: "never", px: "md", py: "xs", ta: "center", "aria-current": "page", children: "x" }],
  ["Badge", Mantine.Badge, Badge, { children: "b" }],
  ["Badge", Mantine.Badge, Badge, { color: "red", variant: "light", size: "xs", tt: "none", mr: 4, title: "t", children: "b" }],
  ["Badge", Mantine.Badge, Badge, { color: "teal", variant: "dot", size: "lg", component: "span", children: "b" }],
  ["Badge", Mantine.Badge, Badge, { color: "gray", variant: "outline", children: "b" }],
  ["Button", Mantine.Button, Button, { children: "go" }],
  ["Button", Mantine.Button, Button, { type: "submit", name: "value", value: "en", size: "compact-sm", variant: "filled", "aria-pressed": true, title: "English", children: "EN" }],
  ["Button", Mantine.Button, Button, { variant: "subtle", size: "compact-sm", maw: 260, component: Link, to: "/p", children: "me" }],
  ["Button", Mantine.Button, Button, { color: "red", variant: "light", size: "xs", disabled: true, mt: 28, style: { flexShrink: 0 }, className: "c", children: "x" }],
  ["Button", Mantine.Button, Button, { variant: "default", component: "a", href: "/f", download: true, fullWidth: true, children: "x" }],
  ["Title", Mantine.Title, Title, { children: "t" }],
  ["Title", Mantine.Title, Title, { order: 3, size: "h4", mb: "sm", children: "t" }],
  ["Title", Mantine.Title, Title, { order: 2, size: "sm", children: "t" }],
  ["Paper", Mantine.Paper, Paper, { children: "p" }],
  ["NavLink", Mantine.NavLink, NavLink, { href: "/a", label: "Flights" }],
  ["NavLink", Mantine.NavLink, NavLink, { component: Link, to: "/b", label: "Settings", active: true, w: "auto", style: { whiteSpace: "nowrap", borderRadius: 6 } }],
  ["NavLink", Mantine.NavLink, NavLink, { href: "/c", label: "Tariffs", description: "prices", active: false, className: "k" }],
  ["Paper", Mantine.Paper, Paper, { p: "md", radius: "md", shadow: "sm", withBorder: true, maw: 520, role: "dialog", component: "pre", children: "p" }],
  // as conform's getInputProps and the field components (app/components/fields) give them
  ["TextInput", Mantine.TextInput, TextInput, { id: "f-a", name: "a", form: "f", label: "Consignee" }],
  ["TextInput", Mantine.TextInput, TextInput, { id: "f-b", name: "b", label: "Weight", description: "kg", error: "Required", required: true, defaultValue: "1.5", type: "number", step: "any", inputMode: "decimal", readOnly: true, "aria-invalid": true, "aria-describedby": "f-b-error" }],
  ["TextInput", Mantine.TextInput, TextInput, { id: "f-c", name: "c", label: "Code", required: false, error: undefined, description: undefined, minLength: 2, maxLength: 3, pattern: "[A-Z]+", placeholder: "SVO", autoComplete: "off" }],
  ["TextInput", Mantine.TextInput, TextInput, { id: "f-d", name: "d", label: createElement("b", null, "Rich"), description: "only a description", disabled: true, type: "email" }],
  ["TextInput", Mantine.TextInput, TextInput, { id: "f-e", name: "e", error: "no label", required: true }],
  ["TextInput", Mantine.TextInput, TextInput, { id: "f-f", name: "f", label: "Flag", error: true }],
];

describe("the plain components render Mantine's markup", () => {
  it.each(CASES.map(([name, mantine, plain, props], i) => [`${name} #${i}`, mantine, plain, props] as const))("%s", (_, mantine, plain, props) => {
    const expected = render(mantine, props);
    expect(expected).toMatch(/mantine-[A-Za-z]+-root/);
    expect(render(plain, props)).toBe(expected);
  });

  it("hand a Styles API prop or a responsive style prop to Mantine's component", () => {
    const responsive = { mt: { base: 4, sm: 8 }, children: "x" };
    expect(render(Text, responsive)).toBe(render(Mantine.Text, responsive));
    expect(render(Text, responsive)).toMatch(/class="[^"]*__m__/);
    const styled = { classNames: { root: "r" }, children: "x" };
    expect(render(Stack, styled)).toBe(render(Mantine.Stack, styled));
    // an input without an id (Mantine makes one), with a section or a style prop: Mantine's own
    for (const props of [{ name: "x", label: "L" }, { id: "s", leftSection: "€" }, { id: "w", w: 120 }, { id: "z", size: "xs" }]) {
      expect(render(TextInput, props)).toBe(render(Mantine.TextInput, props));
    }
  });
});

describe("the shell's frame", () => {
  it("writes the variables Mantine's AppShell writes for the shell's header, sidebar and padding", () => {
    const html = renderToStaticMarkup(
      createElement(
        Mantine.MantineProvider,
        { theme },
        createElement(Mantine.AppShell, { header: { height: 56 }, navbar: { width: 250, breakpoint: "sm", collapsed: { mobile: true } }, padding: "md" }, "page"),
      ),
    );
    const mantine = /<style data-mantine-styles="inline">([\s\S]*?)<\/style>/.exec(html)?.[1];
    expect(mantine).toContain("--app-shell-navbar-width");
    expect(APP_SHELL_CSS).toBe(mantine);
  });
});
