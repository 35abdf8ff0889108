/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverDependenciesToBundle: [/^@mantine\//, "mantine-react-table", /^remix-i18next/, /^@tabler\/icons-react/],
  watchPaths: ["./locales/**/*.json", "./cargo/**/*.ts"],
  postcss: true,
  // React Router v7's behaviour now, so the move to v7 changes nothing and the build prints no warnings.
  future: {
    // an unmounted fetcher's request finishes instead of being dropped; our fetchers are the shipment page's
    // upload forms (attachments, goods items), whose late answer is simply unused
    v3_fetcherPersist: true,
    // relative links in a splat route resolve from the whole URL; our splat routes ($, dashboard.$) only
    // throw 404 and the not-found page links absolute paths
    v3_relativeSplatPath: true,
    // an aborted request rejects with the signal's reason; nothing here tells aborts apart by message
    v3_throwAbortReason: true,
    // the route manifest loads as links appear (GET /__manifest, answered by Remix itself) instead of whole
    // in the first page
    v3_lazyRouteDiscovery: true,
    // Not yet: single fetch replaces the `?_data=<route>` data requests with `<path>.data` turbo-stream ones
    // and json()/headers() with plain objects and merged headers. The guard, the 401/403 reactions, the list
    // query and the flights tabs strip `_data` from URLs they redirect to (app/lib/auth, app/lib/forms,
    // routes), and every route's `headers`/`json` would change with it: a move of its own, not a flag.
    // `false` says so and keeps the build quiet.
    v3_singleFetch: false,
  },
};
