import { createTheme } from "~/lib/mantine/createTheme";

const FONT_FAMILY = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/**
 * Breakpoints of spec 1 §9 (600, 1024, 1440, 1920 px). The headings' font is named although it is the body's: a theme
 * that sets fontFamily without it makes every mergeMantineTheme (MantineProvider's, on each render) write the font
 * into DEFAULT_THEME's own headings, and the default theme then no longer reads as Mantine's (theme-css-variables.tsx).
 */
export const theme = createTheme({
  primaryColor: "indigo",
  fontFamily: FONT_FAMILY,
  headings: { fontFamily: FONT_FAMILY },
  breakpoints: { xs: "37.5em", sm: "64em", md: "90em", lg: "120em", xl: "160em" },
});
