import { createTheme } from "~/lib/mantine/createTheme";

/** Breakpoints of spec 1 §9 (600, 1024, 1440, 1920 px). */
export const theme = createTheme({
  primaryColor: "indigo",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  breakpoints: { xs: "37.5em", sm: "64em", md: "90em", lg: "120em", xl: "160em" },
});
