import type { MantineColor, MantineGradient } from "@mantine/core";
import { DEFAULT_THEME } from "~/lib/mantine/DEFAULT_THEME";
import { mergeMantineTheme } from "~/lib/mantine/mergeMantineTheme";
import { theme } from "~/theme";

/**
 * The theme MantineProvider resolves on every render, resolved once: the plain components read the same spacing,
 * colours and variant colours from it (the theme never changes at run time; ThemeCssVariables reads it the same way).
 */
export const plainTheme = mergeMantineTheme(DEFAULT_THEME, theme);

/** Mantine's focus ring and pressed-state classes (theme.focusRing "auto", theme.activeClassName). */
export const FOCUS_CLASS = "mantine-focus-auto";
export const ACTIVE_CLASS = plainTheme.activeClassName;

export interface VariantColors {
  background: string;
  hover: string;
  color: string;
  border: string;
  hoverColor?: string;
}

const variantColorCache = new Map<string, VariantColors>();

/**
 * What Button and Badge resolve per instance (their colour parsed three or four times each render): the same
 * answer for the same colour and variant, so it is computed once per pair. Bounded by the pairs the code names.
 */
export function variantColors(color: MantineColor | undefined, variant: string | undefined): VariantColors {
  const key = `${color ?? ""}|${variant ?? ""}`;
  let colors = variantColorCache.get(key);
  if (!colors) {
    colors = plainTheme.variantColorResolver({
      color: color || plainTheme.primaryColor,
      theme: plainTheme,
      gradient: undefined as unknown as MantineGradient,
      variant: variant || "filled",
      autoContrast: undefined,
    }) as VariantColors;
    variantColorCache.set(key, colors);
  }
  return colors;
}
