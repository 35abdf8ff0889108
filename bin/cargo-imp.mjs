#!/usr/bin/env node
// `npx cargo-imp` (package.json "bin"): the command is TypeScript (scripts/cargo-imp.ts), run in this process through
// tsx, a dependency of the package, so that it works from a fresh `npm ci` without a build step.
import { register } from "tsx/esm/api";

register();
await import(new URL("../scripts/cargo-imp.ts", import.meta.url).href);
