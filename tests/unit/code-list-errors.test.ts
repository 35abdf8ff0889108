/**
 * A list-of-codes field with a bad entry (issue 9 §1.1): conform's parseWithZod (what the browser runs before a
 * submit, and the action after it) must file ONE error under the field's own name, the name of the text input,
 * naming the bad entries; an error under `sales_origins[0]` is shown nowhere and Save silently did nothing.
 */
import { parseWithZod } from "@conform-to/zod";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { translateMessage } from "~/components/fields/fields";
import { AgreementFormSchema } from "~/lib/forms/agreement-schema";
import { UserProfileFormSchema } from "~/lib/forms/user-profile-schema";
import { badCodesMessage, CODE_LIST_MAX, codeList, IATA, SHC } from "~/lib/forms/field-rules";
import en from "../../locales/en/errors.json";

function agreementForm(fields: Record<string, string>) {
  const form = new FormData();
  const base = { client: "ACME", account_number: "1", contract_number: "C-1", currency: "RUB", effective_from: "2026-01-01" };
  for (const [name, value] of Object.entries({ ...base, ...fields })) form.append(name, value);
  return form;
}

async function english() {
  const t = i18next.createInstance();
  await t.init({ lng: "en", resources: { en: { errors: en } }, defaultNS: "errors", interpolation: { escapeValue: false } });
  return t.t.bind(t) as Parameters<typeof translateMessage>[0];
}

describe("a code list with a bad entry", () => {
  it("files one error under the field's own name, naming the bad entry and the rule", async () => {
    const submission = parseWithZod(agreementForm({ sales_origins: "OVB, XX1" }), { schema: AgreementFormSchema });
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    const errors = reply.error ?? {};
    expect(Object.keys(errors)).toEqual(["sales_origins"]);
    expect(errors.sales_origins).toHaveLength(1);
    const t = await english();
    expect(translateMessage(t, errors.sales_origins![0]!)).toBe("Not accepted: XX1. Airport codes are three letters, separated by commas");
  });

  it("names every bad entry once, good ones not at all", async () => {
    const result = codeList(SHC, "errors:shc").safeParse("DGR, AB; x-1 rrw");
    expect(result.success).toBe(false);
    const issues = result.error!.issues;
    expect(issues).toHaveLength(1);
    expect(issues[0]!.path).toEqual([]);
    const t = await english();
    expect(translateMessage(t, issues[0]!.message)).toBe(
      "Not accepted: AB, X-1. Special handling codes are three letters or digits, separated by commas",
    );
  });

  it("keeps the echo short: five entries named, each cut, the rest elided", async () => {
    const bad = ["A".repeat(40), "B1", "C1", "D1", "E1", "F1", "G1"];
    const t = await english();
    const text = translateMessage(t, badCodesMessage(bad, "errors:iata"));
    expect(text).toBe(`Not accepted: ${"A".repeat(12)}…, B1, C1, D1, E1, …. Airport codes are three letters, separated by commas`);
  });

  it("refuses too long a list with one message, not one per code", () => {
    const text = Array.from({ length: CODE_LIST_MAX + 1 }, () => "1").join(",");
    const result = codeList(IATA, "errors:iata").safeParse(text);
    expect(result.error!.issues.map((i) => [i.path, i.message])).toEqual([[[], "errors:tooManyCodes"]]);
  });

  it("accepts a good list, upper-cased and split on commas, semicolons and spaces", () => {
    expect(codeList(IATA, "errors:iata").parse("ovb, dme;kja  svo")).toEqual(["OVB", "DME", "KJA", "SVO"]);
    expect(codeList(IATA, "errors:iata").parse(undefined)).toEqual([]);
  });
});

describe("the users dialog", () => {
  it("files a bad station under the station field itself, and a too long description names its limit", async () => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ intent: "create", email: "a@b.test", role: "manager", stations_allowed: "SVO, XX1", description: "d".repeat(256) })) {
      form.append(name, value);
    }
    const submission = parseWithZod(form, { schema: UserProfileFormSchema });
    if (submission.status !== "error") throw new Error(`expected errors, got ${submission.status}`);
    const errors = submission.error ?? {};
    expect(Object.keys(errors).sort()).toEqual(["description", "stations_allowed"]);
    const t = await english();
    expect(translateMessage(t, errors.stations_allowed![0]!)).toContain("XX1");
    expect(translateMessage(t, errors.description![0]!)).toBe("At most 255 characters");
  });
});
