// The access context and roles live in cargo/ so the API's guards read the same rules as the pages.
export * from "../../../cargo/access/types";
