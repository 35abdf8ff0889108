import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Issue 22 §1: the flight page's Notice tab showed "Undefined Error" in every browser with JavaScript on. Its
 * component imported a constant from a `.server` module; Remix's compiler gives the browser an empty module in
 * place of every `*.server` file, so the constant was `undefined` there and `.map` threw during hydration.
 *
 * The class of defect, checked over the source (a build check in `npm test`): a value the browser may run must
 * never come from a `.server` module. A component or browser-side helper may import only types from one; a
 * route module may import values only for the code Remix keeps on the server: `loader`, `action`, `headers`
 * and whatever top-level declaration only they use.
 */

const APP = path.resolve("app");

/** The exports of a route module that never reach the browser (Remix removes them from its browser build). */
const SERVER_EXPORTS = new Set(["loader", "action", "headers"]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) ? [full] : [];
  });
}

const isServerModule = (file: string) => /\.server\.tsx?$/.test(file);
const isServerSpecifier = (specifier: string) => /\.server(\.[jt]sx?)?$/.test(specifier);
const isRouteModule = (file: string) => file === path.join(APP, "root.tsx") || path.dirname(file) === path.join(APP, "routes");

/** The local names of the values (not types) an import or re-export takes from a `.server` module. */
function serverValueNames(statement: ts.Statement): string[] {
  if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && isServerSpecifier(statement.moduleSpecifier.text)) {
    const clause = statement.importClause;
    if (!clause || clause.isTypeOnly) return [];
    const names = clause.name ? [clause.name.text] : [];
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamespaceImport(bindings)) names.push(bindings.name.text);
    if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text));
    return names;
  }
  if (ts.isExportDeclaration(statement) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) && isServerSpecifier(statement.moduleSpecifier.text)) {
    if (statement.isTypeOnly) return [];
    const clause = statement.exportClause;
    if (!clause) return ["*"];
    if (ts.isNamespaceExport(clause)) return [clause.name.text];
    return clause.elements.filter((e) => !e.isTypeOnly).map((e) => e.name.text);
  }
  return [];
}

/** The names a top-level statement declares, and whether it is one of the route's server-only exports. */
function declaredNames(statement: ts.Statement): { names: string[]; serverExport: boolean } {
  const exported = ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  let names: string[] = [];
  if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name) names = [statement.name.text];
  if (ts.isVariableStatement(statement)) {
    names = statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
  }
  return { names, serverExport: exported && names.length > 0 && names.every((n) => SERVER_EXPORTS.has(n)) };
}

/** Whether this identifier is a reference to a binding (not a property name, a key or the import itself). */
function isReference(node: ts.Identifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return false;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent) || ts.isMethodDeclaration(parent)) && parent.name === node) return false;
  if (ts.isJsxAttribute(parent) || ts.isQualifiedName(parent)) return false;
  if (ts.isImportSpecifier(parent) || ts.isImportClause(parent) || ts.isNamespaceImport(parent) || ts.isExportSpecifier(parent)) return false;
  return true;
}

/** For each top-level statement, the identifiers it refers to. */
function referencesOf(statement: ts.Statement): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node) => {
    if (ts.isIdentifier(node) && isReference(node)) names.add(node.text);
    // a type position never reaches the browser's code
    if (ts.isTypeNode(node)) return;
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(statement, visit);
  return names;
}

/** The places where `source` lets a `.server` module's value reach the browser, as `<file>: <name> (<how>)`. */
export function serverValuesInBrowserCode(file: string, source: string): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const relative = path.relative(process.cwd(), file);
  const imported = sf.statements.flatMap(serverValueNames);
  if (!imported.length) return [];
  if (!isRouteModule(file)) return imported.map((name) => `${relative}: ${name} (a value from a .server module outside a route module)`);

  // A route module: which top-level statements the browser build keeps. The server exports go; then, until
  // nothing changes, every declaration used only by statements that go.
  const statements = sf.statements.filter((s) => !ts.isImportDeclaration(s));
  const refs = statements.map(referencesOf);
  const decls = statements.map(declaredNames);
  const serverOnly = new Set(statements.flatMap((_, i) => (decls[i].serverExport ? [i] : [])));
  for (let changed = true; changed; ) {
    changed = false;
    statements.forEach((statement, i) => {
      const { names } = decls[i];
      const exported = ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
      if (serverOnly.has(i) || exported || !names.length) return;
      const users = statements.flatMap((_, j) => (j !== i && names.some((n) => refs[j].has(n)) ? [j] : []));
      if (users.length && users.every((j) => serverOnly.has(j))) {
        serverOnly.add(i);
        changed = true;
      }
    });
  }
  const leaks: string[] = [];
  for (const name of new Set(imported)) {
    if (name === "*") leaks.push(`${relative}: export * from a .server module`);
    else if (statements.some((_, i) => !serverOnly.has(i) && refs[i].has(name))) leaks.push(`${relative}: ${name} (used by code the browser runs)`);
  }
  return leaks;
}

describe("values from .server modules never reach the browser", () => {
  it("no component, browser helper or route's browser code takes a value from a .server module", () => {
    const leaks = sourceFiles(APP)
      .filter((file) => !isServerModule(file))
      .flatMap((file) => serverValuesInBrowserCode(file, fs.readFileSync(file, "utf8")));
    expect(leaks).toEqual([]);
  });

  it("finds the Notice tab's defect and its kin", () => {
    const component = path.join(APP, "components/flights/handling-notice-tab.tsx");
    const route = path.join(APP, "routes/dashboard.example.tsx");
    // the original defect: a component's constant from a .server module
    expect(serverValuesInBrowserCode(component, `import { DISCREPANCY_CODES, type FlightRow } from "~/lib/upstream/handling.server";`)).toEqual([
      "app/components/flights/handling-notice-tab.tsx: DISCREPANCY_CODES (a value from a .server module outside a route module)",
    ]);
    expect(serverValuesInBrowserCode(component, `import type { FlightRow } from "~/lib/upstream/handling.server";\nimport { type ReadyToGo } from "~/lib/upstream/handling.server";`)).toEqual([]);
    expect(serverValuesInBrowserCode(component, `export { TABS } from "./tabs.server";`)).toHaveLength(1);

    const routeSource = (component: string) => `
      import { FLIGHT_TABS, listSegments } from "~/lib/upstream/segments.server";
      import { requirePage } from "~/lib/auth/require-page.server";
      const tabsOf = (q: string) => FLIGHT_TABS.filter((t) => t === q);
      export async function loader({ request }: { request: Request }) {
        await requirePage(request);
        return { tabs: tabsOf(request.url), rows: await listSegments() };
      }
      export default function Page() { ${component} }`;
    // used only by the loader, directly or through a helper: the browser build drops it
    expect(serverValuesInBrowserCode(route, routeSource("return null;"))).toEqual([]);
    // used by the component: undefined in the browser
    expect(serverValuesInBrowserCode(route, routeSource("return FLIGHT_TABS.map((t) => t);"))).toEqual([
      "app/routes/dashboard.example.tsx: FLIGHT_TABS (used by code the browser runs)",
    ]);
  });
});
