/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [/^@mantine\//, "mantine-react-table", /^remix-i18next/],
  watchPaths: ["./locales/**/*.json", "./cargo/**/*.ts"],
  postcss: true,
};
