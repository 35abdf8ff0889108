import { DEFAULT_THEME } from "~/lib/mantine/DEFAULT_THEME";
import { convertCssVariables } from "~/lib/mantine/convertCssVariables";
import { defaultCssVariablesResolver } from "~/lib/mantine/defaultCssVariablesResolver";
import { mergeMantineTheme } from "~/lib/mantine/mergeMantineTheme";
import { theme } from "./theme";

type Variables = Record<string, string>;

/** The entries of `variables` whose value differs from Mantine's default theme (which Mantine's own CSS defines). */
function changed(variables: Variables, defaults: Variables): Variables {
  return Object.fromEntries(Object.entries(variables).filter(([key, value]) => defaults[key] !== value));
}

// Mantine's defaults beside ours (our theme names its headings' font, so no merge writes into DEFAULT_THEME: theme.ts)
const defaults = defaultCssVariablesResolver(DEFAULT_THEME);
const ours = defaultCssVariablesResolver(mergeMantineTheme(DEFAULT_THEME, theme));
const css = convertCssVariables(
  { variables: changed(ours.variables, defaults.variables), light: changed(ours.light, defaults.light), dark: changed(ours.dark, defaults.dark) },
  ":root",
);

/**
 * The `<style>` MantineProvider would render on every page (`withCssVariables`): only the variables our theme
 * changes, on :root. Computed once: the theme never changes, and resolving every variable of it and of the default
 * theme cost each render about 2 % of a list page's server time.
 */
export function ThemeCssVariables() {
  return <style data-mantine-styles dangerouslySetInnerHTML={{ __html: css }} />;
}
