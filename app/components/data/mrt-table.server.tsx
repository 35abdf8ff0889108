// The server renders the table synchronously through this re-export; the classic compiler empties `*.server`
// modules in the browser build, so mantine-react-table stays out of the list page's first-load JS there (the
// browser loads it lazily, see data-table.tsx).
export { default as ServerMrtTable } from "./mrt-table";
