import type { CSSProperties } from "react";
import { getFontSize } from "~/lib/mantine/getFontSize";
import { getLineHeight } from "~/lib/mantine/getLineHeight";
import { parseThemeColor } from "~/lib/mantine/parseThemeColor";
import { rem } from "~/lib/mantine/rem";
import { plainTheme } from "./plain-theme";

type Resolver = (value: unknown) => string | number | undefined;

function spacing(value: unknown): string | undefined {
  if (typeof value === "number") return rem(value);
  if (typeof value !== "string") return value as undefined;
  const mod = value.replace("-", "");
  if (!(mod in plainTheme.spacing)) return rem(value);
  const variable = `--mantine-spacing-${mod}`;
  return value.startsWith("-") ? `calc(var(${variable}) * -1)` : `var(${variable})`;
}

function color(value: unknown): string {
  const parsed = parseThemeColor({ color: value as string, theme: plainTheme });
  if (parsed.color === "dimmed") return "var(--mantine-color-dimmed)";
  if (parsed.color === "bright") return "var(--mantine-color-bright)";
  return parsed.variable ? `var(${parsed.variable})` : parsed.color;
}

function textColor(value: unknown): string {
  const parsed = parseThemeColor({ color: value as string, theme: plainTheme });
  if (parsed.isThemeColor && parsed.shade === undefined) return `var(--mantine-color-${parsed.color}-text)`;
  return color(value);
}

const FONT_FAMILIES: Record<string, string> = {
  text: "var(--mantine-font-family)",
  mono: "var(--mantine-font-family-monospace)",
  monospace: "var(--mantine-font-family-monospace)",
  heading: "var(--mantine-font-family-headings)",
  headings: "var(--mantine-font-family-headings)",
};

const RESOLVERS: Record<string, Resolver> = {
  spacing,
  color,
  textColor,
  identity: (v) => v as string,
  size: (v) => (typeof v === "number" ? rem(v) : (v as string)),
  fontFamily: (v) => (typeof v === "string" && v in FONT_FAMILIES ? FONT_FAMILIES[v] : (v as string)),
  fontSize: (v) => getFontSize(v as string),
  lineHeight: (v) => getLineHeight(v as string),
};

/** Mantine's style props (its STYLE_PROPS_DATA) whose resolution the plain components repeat, in Mantine's order. */
const STYLE_PROPS: Record<string, { type: keyof typeof RESOLVERS; property: string }> = {
  m: { type: "spacing", property: "margin" },
  mt: { type: "spacing", property: "marginTop" },
  mb: { type: "spacing", property: "marginBottom" },
  ml: { type: "spacing", property: "marginLeft" },
  mr: { type: "spacing", property: "marginRight" },
  ms: { type: "spacing", property: "marginInlineStart" },
  me: { type: "spacing", property: "marginInlineEnd" },
  mx: { type: "spacing", property: "marginInline" },
  my: { type: "spacing", property: "marginBlock" },
  p: { type: "spacing", property: "padding" },
  pt: { type: "spacing", property: "paddingTop" },
  pb: { type: "spacing", property: "paddingBottom" },
  pl: { type: "spacing", property: "paddingLeft" },
  pr: { type: "spacing", property: "paddingRight" },
  ps: { type: "spacing", property: "paddingInlineStart" },
  pe: { type: "spacing", property: "paddingInlineEnd" },
  px: { type: "spacing", property: "paddingInline" },
  py: { type: "spacing", property: "paddingBlock" },
  bg: { type: "color", property: "background" },
  c: { type: "textColor", property: "color" },
  opacity: { type: "identity", property: "opacity" },
  ff: { type: "fontFamily", property: "fontFamily" },
  fz: { type: "fontSize", property: "fontSize" },
  fw: { type: "identity", property: "fontWeight" },
  lts: { type: "size", property: "letterSpacing" },
  ta: { type: "identity", property: "textAlign" },
  lh: { type: "lineHeight", property: "lineHeight" },
  fs: { type: "identity", property: "fontStyle" },
  tt: { type: "identity", property: "textTransform" },
  td: { type: "identity", property: "textDecoration" },
  w: { type: "spacing", property: "width" },
  miw: { type: "spacing", property: "minWidth" },
  maw: { type: "spacing", property: "maxWidth" },
  h: { type: "spacing", property: "height" },
  mih: { type: "spacing", property: "minHeight" },
  mah: { type: "spacing", property: "maxHeight" },
  pos: { type: "identity", property: "position" },
  top: { type: "size", property: "top" },
  left: { type: "size", property: "left" },
  bottom: { type: "size", property: "bottom" },
  right: { type: "size", property: "right" },
  inset: { type: "size", property: "inset" },
  display: { type: "identity", property: "display" },
  flex: { type: "identity", property: "flex" },
};

const STYLE_PROP_ORDER: Record<string, number> = Object.fromEntries(Object.keys(STYLE_PROPS).map((key, i) => [key, i]));

/**
 * Props only Mantine's own components handle: the Styles API (classNames, styles, vars, unstyled), sx, renderRoot,
 * and the style props the table above leaves out (border, background size and position). A plain component given
 * one of them renders Mantine's instead. The choice looks at which props are there, never at their values (except
 * a responsive style prop, an object, which always is one at its call site), so one call site always renders the
 * same component and React never swaps the element under a user between two renders.
 */
const MANTINE_ONLY = new Set(["classNames", "styles", "vars", "unstyled", "sx", "renderRoot", "bd", "bgsz", "bgp", "bgr", "bga", "lightHidden", "darkHidden", "__vars", "__size"]);

/** Whether `props` need Mantine's component: a Styles API prop, `extra` (the component's own), or a responsive style prop. */
export function needsMantine(given: object, extra: ReadonlySet<string>): boolean {
  const props = given as Record<string, unknown>;
  for (const key in props) {
    if (MANTINE_ONLY.has(key) || extra.has(key)) return true;
    if (key in STYLE_PROPS) {
      const value = props[key];
      if (typeof value === "object" && value !== null) return true;
    }
  }
  return false;
}

/** Whether `props` hold a style prop (m, w, c, ...) with a value: components that do not draw them take Mantine's. */
export function hasStyleProp(given: object): boolean {
  const props = given as Record<string, unknown>;
  for (const key in props) if (key in STYLE_PROPS && props[key] !== undefined) return true;
  return false;
}

function isNumberLike(value: unknown): boolean {
  if (typeof value === "number") return true;
  if (typeof value !== "string") return false;
  if (value.startsWith("calc(") || value.startsWith("var(") || (value.includes(" ") && value.trim() !== "")) return true;
  return value
    .trim()
    .split(/\s+/)
    .every((v) => /^[+-]?[0-9]+(\.[0-9]+)?(px|em|rem|ex|ch|lh|rlh|vw|vh|vmin|vmax|vb|vi|svw|svh|lvw|lvh|dvw|dvh|cm|mm|in|pt|pc|q|cqw|cqh|cqi|cqb|cqmin|cqmax|%)?$/.test(v));
}

/** What a plain component computed for its root, as Mantine's getStyles("root") would. */
interface RootStyles {
  /** Mantine's classes for the root, in its order: focus and active classes, the caller's className, the module's class, the static `mantine-X-root` ones. */
  className: string;
  /** The component's CSS variables (undefined ones left out), then the caller's style. */
  style: CSSProperties;
}

/** Mantine's `mod` prop as data attributes (data-x; false, null, "" and undefined left out). */
function modAttributes(mod: Record<string, unknown>): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const key in mod) {
    const value = mod[key];
    if (value === undefined || value === "" || value === false || value === null) continue;
    attributes[key.startsWith("data-") ? key : `data-${key}`] = value;
  }
  return attributes;
}

/** The caller's className placed where Mantine's getStyles puts it: after the global classes, before the module's. */
export function rootClassName(globals: string, className: unknown, own: string): string {
  return [globals, className, own].filter(Boolean).join(" ");
}

/** CSS variables without the undefined ones, then the caller's style, as getStyles merges them. */
export function rootStyle(vars: Record<string, string | undefined>, style: unknown): CSSProperties {
  const merged: Record<string, unknown> = {};
  for (const key in vars) if (vars[key] !== undefined) merged[key] = vars[key];
  if (style && typeof style === "object") Object.assign(merged, style);
  return merged as CSSProperties;
}

/**
 * What Mantine's Box does with the rest of the props: style props resolved into the inline style (after the
 * component's own), hiddenFrom/visibleFrom as its classes, variant and size as data attributes, mod as data
 * attributes; everything else passed to the element as it is.
 */
export function boxAttributes(root: RootStyles, props: Record<string, unknown>, mod: Record<string, unknown>): Record<string, unknown> {
  const { variant, size, hiddenFrom, visibleFrom, ...others } = props;
  const style: Record<string, unknown> = { ...root.style };
  const rest: Record<string, unknown> = {};
  let styleKeys: string[] | undefined;
  for (const key in others) {
    if (!(key in STYLE_PROPS)) rest[key] = others[key];
    // an undefined style prop (`c={alarm ? "red" : undefined}`) is no style, as Mantine filters it out
    else if (others[key] !== undefined) (styleKeys ??= []).push(key);
  }
  // in the table's order, as Mantine writes them (a later one wins where two set the same property)
  if (styleKeys) {
    styleKeys.sort((a, b) => STYLE_PROP_ORDER[a]! - STYLE_PROP_ORDER[b]!);
    for (const key of styleKeys) {
      const data = STYLE_PROPS[key]!;
      style[data.property] = RESOLVERS[data.type]!(others[key]);
    }
  }
  let className = root.className;
  if (hiddenFrom) className += ` mantine-hidden-from-${hiddenFrom}`;
  if (visibleFrom) className += ` mantine-visible-from-${visibleFrom}`;
  return {
    style,
    className,
    "data-variant": variant,
    "data-size": isNumberLike(size) ? undefined : size || undefined,
    ...modAttributes(mod),
    ...rest,
  };
}
