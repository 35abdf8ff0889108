// The configured airline lists live in cargo/ so the API's guards read the same lists as the pages.
export * from "../../../cargo/access/airline-lists";
