export * from "./types";
export * from "./airline-lists";
export * from "./user-from-profile";
export * from "./route-requirements";
export * from "./can-access";
export * from "./landing";
export * from "./sidebar";
