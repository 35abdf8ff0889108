import { readFileSync } from "node:fs";

// The words of the shipments XLSX report in the reader's language (issue 22 §7: the export says what the page says):
// the same locales/<language>/shipments.json the shipments page reads, looked up by the same keys, English where a
// language lacks one. Read once per process and language.

export const REPORT_LANGUAGES = ["en", "ru", "es"] as const;
export type ReportLanguage = (typeof REPORT_LANGUAGES)[number];

type Tree = { [key: string]: string | Tree };
const loaded = new Map<ReportLanguage, Tree>();

function treeOf(language: ReportLanguage): Tree {
  let tree = loaded.get(language);
  if (!tree) {
    tree = JSON.parse(readFileSync(new URL(`../../locales/${language}/shipments.json`, import.meta.url), "utf8")) as Tree;
    loaded.set(language, tree);
  }
  return tree;
}

function lookup(tree: Tree, key: string): string | null {
  let node: string | Tree | undefined = tree;
  for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
  return typeof node === "string" ? node : null;
}

/** `t(key, params)` over the shipments namespace in `language`, then English, then `params.defaultValue` or the key. */
export function reportTranslator(language: ReportLanguage) {
  return (key: string, params: Record<string, string> = {}): string => {
    const text = lookup(treeOf(language), key) ?? lookup(treeOf("en"), key) ?? params.defaultValue ?? key;
    return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => params[name] ?? "");
  };
}
