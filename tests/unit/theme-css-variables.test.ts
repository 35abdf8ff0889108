import { DEFAULT_THEME, MantineProvider } from "@mantine/core";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { theme } from "~/theme";
import { ThemeCssVariables } from "~/theme-css-variables";

const styleOf = (html: string) => /<style data-mantine-styles="true">([\s\S]*?)<\/style>/.exec(html)?.[1];

describe("the theme's CSS variables, computed once", () => {
  it("are the style MantineProvider writes for our theme, to the letter", () => {
    // Mantine's own, as root.tsx rendered it before it turned withCssVariables off
    const mantine = styleOf(renderToString(createElement(MantineProvider, { theme }, "page")));
    const ours = styleOf(renderToString(createElement(ThemeCssVariables)));
    expect(mantine).toContain("--mantine-font-family-headings: system-ui");
    expect(mantine).toContain("--mantine-primary-color-filled: var(--mantine-color-indigo-filled)");
    expect(ours).toBe(mantine);
  });

  it("leave Mantine's default theme as it was after MantineProvider renders with ours (tests in one worker share it)", () => {
    renderToString(createElement(MantineProvider, { theme }, "page"));
    expect(DEFAULT_THEME.headings.fontFamily).not.toBe(theme.fontFamily);
  });
});
