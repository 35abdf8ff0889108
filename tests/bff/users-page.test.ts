/**
 * The users page never offers an admin to take their own profile away (issue 9 §1.3): no removal on their own
 * row, no blocking or other role in their own dialog; a forced POST without JS shows the API's refusal translated.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, userProfiles, users } from "../../api/db/schema";
import { hiddenInput, textOf, useBff,  } from "./harness";

const bff = useBff();

const HOST = "s7.localhost";
const PAGE = "/dashboard/settings/users";
const db = () => bff.api.database.db;

const signedIn = (email: string, locale?: "en" | "ru") => bff.signedIn(HOST, `${email}@cargodesk.test`, { locale });

/** The S7 profile of a demo account, as stored. */
async function s7ProfileOf(email: string) {
  const [row] = await db()
    .select({ id: userProfiles.id, role: userProfiles.role, blocked: userProfiles.blocked })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.user_id))
    .innerJoin(companies, eq(companies.id, userProfiles.company_id))
    .where(and(eq(users.email, `${email}@cargodesk.test`), eq(companies.short_name, "S7")));
  if (!row) throw new Error(`no S7 profile for ${email}`);
  return row;
}

/** Profile ids that the page offers to remove (the hidden id of each delete form). */
function removableIds(html: string): number[] {
  const forms = html.match(/<form\b[^>]*method="post"[^>]*>[\s\S]*?<\/form>/g) ?? [];
  return forms.filter((f) => /name="intent"[^>]*value="delete"|value="delete"[^>]*name="intent"/.test(f)).map((f) => Number(hiddenInput(f, "id")));
}

function optionsOf(html: string, name: string): string[] {
  const select = html.match(new RegExp(`<select\\b[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`))?.[1] ?? "";
  return [...select.matchAll(/<option\b[^>]*value="([^"]*)"/g)].map((m) => m[1]!);
}

describe("the admin's own profile on the users page", () => {
  it("has no remove button on the admin's own row, while the other rows keep theirs", async () => {
    const admin = await signedIn("s7.admin");
    const page = await admin.request(HOST, PAGE);
    expect(page.status).toBe(200);
    const self = await s7ProfileOf("s7.admin");
    const operator = await s7ProfileOf("s7.operator");
    const removable = removableIds(page.body);
    expect(removable).toContain(operator.id);
    expect(removable).not.toContain(self.id);
  });

  it("offers neither blocking nor another role in the admin's own dialog, and both in another user's", async () => {
    const admin = await signedIn("s7.admin");
    const own = await admin.request(HOST, `${PAGE}?edit=${(await s7ProfileOf("s7.admin")).id}`);
    expect(own.status).toBe(200);
    expect(optionsOf(own.body, "role")).toEqual(["admin"]);
    expect(own.body).not.toMatch(/name="blocked"/);
    expect(textOf(own.body)).toContain("Your own role and access are changed by another admin");
    const other = await admin.request(HOST, `${PAGE}?edit=${(await s7ProfileOf("s7.operator")).id}`);
    expect(optionsOf(other.body, "role").length).toBeGreaterThan(1);
    expect(other.body).toMatch(/name="blocked"/);
  });

  it("a forced removal of the admin's own profile shows the refusal, translated, and removes nothing", async () => {
    for (const [language, refusal] of [
      ["en", "You can't remove, block or demote yourself"],
      ["ru", "Нельзя удалить, заблокировать или понизить в роли самого себя"],
    ] as const) {
      const admin = await signedIn("s7.admin", language);
      const self = await s7ProfileOf("s7.admin");
      const csrf = hiddenInput((await admin.request(HOST, PAGE)).body, "csrf")!;
      const posted = await admin.request(HOST, PAGE, { method: "POST", form: { csrf, intent: "delete", id: String(self.id) } });
      expect(posted.status).toBe(302);
      const back = await admin.get(HOST, new URL(posted.location!, posted.url).pathname, { follow: true });
      expect(textOf(back.body)).toContain(refusal);
      expect(await s7ProfileOf("s7.admin")).toEqual(self);
    }
  });

  it("a forced demotion or blocking of the admin's own profile shows the refusal in the dialog and changes nothing", async () => {
    const admin = await signedIn("s7.admin", "ru");
    const self = await s7ProfileOf("s7.admin");
    const csrf = hiddenInput((await admin.request(HOST, PAGE)).body, "csrf")!;
    const fields = { csrf, intent: "update", id: String(self.id), email: "s7.admin@cargodesk.test", description: "", stations_allowed: "", stations_denied: "" };
    for (const change of [{ role: "operator" }, { role: "admin", blocked: "on" }] as Array<Record<string, string>>) {
      const answer = await admin.request(HOST, `${PAGE}?edit=${self.id}`, { method: "POST", form: { ...fields, ...change } });
      expect([answer.status, answer.refused]).toEqual([200, 422]);
      expect(textOf(answer.body)).toContain("Нельзя удалить, заблокировать или понизить в роли самого себя");
    }
    expect(await s7ProfileOf("s7.admin")).toEqual(self);
  });
});
