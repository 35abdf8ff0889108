/**
 * Reading the BFF's server-rendered HTML as a browser with JavaScript off does: the forms with every field a
 * submission would carry (hidden csrf and idempotency_key, defaults, checked boxes, selected options), the submit
 * buttons a user could press, the links and the visible text. Regular expressions over React's output (attributes in
 * double quotes, values entity-escaped), which is all the driver needs; pure, unit-tested.
 */

export interface HtmlForm {
  id: string | undefined;
  /** data-testid of the form tag: how the page names a row's form (booking-confirm-12, receive-421-...). */
  testId: string | undefined;
  method: "get" | "post";
  /** The action attribute as written (undefined: the page's own URL). */
  action: string | undefined;
  /** Successful controls in document order, before any submit button: what the browser would send. */
  fields: Array<[string, string]>;
  /** Radio and checkbox controls whether checked or not, for a journey to choose from. */
  choices: Array<{ name: string; value: string; checked: boolean; disabled: boolean; type: "radio" | "checkbox" }>;
  /** Submit buttons with a name (pressing one adds its name=value). */
  buttons: Array<{ name: string; value: string; text: string }>;
  /** The raw inner HTML, for journeys that look for a marker inside the form. */
  html: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === "#") {
      const n = code[1] === "x" || code[1] === "X" ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(n) ? String.fromCodePoint(n) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** An attribute of one start tag (`name="x"`), decoded; `true` for a bare boolean attribute; undefined when absent. */
export function attributeOf(tag: string, name: string): string | true | undefined {
  const m = new RegExp(`\\s${name}(?:="([^"]*)")?(?=[\\s/>])`, "i").exec(tag);
  if (!m) return undefined;
  return m[1] === undefined ? true : decodeEntities(m[1]);
}

function stringAttribute(tag: string, name: string): string | undefined {
  const value = attributeOf(tag, name);
  return typeof value === "string" ? value : value === true ? "" : undefined;
}

/** Visible text, roughly: scripts and styles out, tags to spaces, entities decoded, whitespace collapsed. */
export function textOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<script\b[\s\S]*?<\/script>/gi, " ")
      .replace(/<style\b[\s\S]*?<\/style>/gi, " ")
      .replace(/<[^>]+>/g, " "),
  )
    .replace(/\s+/g, " ")
    .trim();
}

/** Same-origin link targets (`href="/..."`), decoded, in document order without repeats. */
export function linksOf(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<a\b[^>]*\shref="([^"]+)"/gi)) {
    const href = decodeEntities(m[1]!);
    if (href.startsWith("/") && !href.startsWith("//")) out.add(href);
  }
  return [...out];
}

/** The controls of one stretch of HTML, appended to `form`. */
function readControls(html: string, form: HtmlForm): void {
  for (const m of html.matchAll(/<(input)\b([^>]*)>|<(select|textarea|button)\b([^>]*)>([\s\S]*?)<\/\3>/gi)) {
    const kind = (m[1] ?? m[3]!).toLowerCase();
    const tag = `<${kind}${m[2] ?? m[4]!}>`;
    const content = m[5];
    const name = stringAttribute(tag, "name");
    const disabled = attributeOf(tag, "disabled") !== undefined;
    if (kind === "button") {
      const type = (stringAttribute(tag, "type") ?? "submit").toLowerCase();
      if (type === "submit" && name && !disabled) form.buttons.push({ name, value: stringAttribute(tag, "value") ?? "", text: textOf(content ?? "") });
      continue;
    }
    if (!name) continue;
    if (kind === "select") {
      const options = [...(content ?? "").matchAll(/<option\b([^>]*)>([^<]*)/gi)].map((o) => ({
        value: stringAttribute(`<option${o[1]!}>`, "value") ?? textOf(o[2]!),
        selected: attributeOf(`<option${o[1]!}>`, "selected") !== undefined,
      }));
      const chosen = options.find((o) => o.selected) ?? options[0];
      if (!disabled && chosen) form.fields.push([name, chosen.value]);
      continue;
    }
    if (kind === "textarea") {
      if (!disabled) form.fields.push([name, decodeEntities(content ?? "")]);
      continue;
    }
    const type = (stringAttribute(tag, "type") ?? "text").toLowerCase();
    const value = stringAttribute(tag, "value") ?? (type === "checkbox" || type === "radio" ? "on" : "");
    if (type === "submit" || type === "image") {
      if (name && !disabled) form.buttons.push({ name, value, text: value });
      continue;
    }
    if (type === "button" || type === "reset" || type === "file") continue;
    if (type === "checkbox" || type === "radio") {
      const checked = attributeOf(tag, "checked") !== undefined;
      form.choices.push({ name, value, checked, disabled, type });
      if (checked && !disabled) form.fields.push([name, value]);
      continue;
    }
    if (!disabled) form.fields.push([name, value]);
  }
}

/** Every form of a page, controls associated by nesting or by a `form="id"` attribute. */
export function formsOf(html: string): HtmlForm[] {
  const forms: HtmlForm[] = [];
  const outside = html.replace(/<form\b([^>]*)>([\s\S]*?)<\/form>/gi, (_whole, attrs: string, inner: string) => {
    const tag = `<form${attrs}>`;
    const form: HtmlForm = {
      id: stringAttribute(tag, "id"),
      testId: stringAttribute(tag, "data-testid"),
      method: (stringAttribute(tag, "method") ?? "get").toLowerCase() === "post" ? "post" : "get",
      action: stringAttribute(tag, "action"),
      fields: [],
      choices: [],
      buttons: [],
      html: inner,
    };
    readControls(inner, form);
    forms.push(form);
    return " ";
  });
  // controls outside any form that name one with form="id" (dialogs rendered in a portal)
  for (const form of forms) {
    if (!form.id) continue;
    const owned = [...outside.matchAll(/<input\b[^>]*>|<(select|textarea|button)\b[^>]*>[\s\S]*?<\/\1>/gi)]
      .filter((m) => stringAttribute(m[0].slice(0, m[0].indexOf(">") + 1), "form") === form.id)
      .map((m) => m[0])
      .join("");
    if (owned) readControls(owned, form);
  }
  return forms;
}

/** The first form matching `where`; throws with `what` so a journey fails loudly when its page changed. */
export function formWhere(html: string, what: string, where: (form: HtmlForm) => boolean): HtmlForm {
  const form = formsOf(html).find(where);
  if (!form) throw new PageShapeError(`no ${what} form on the page`);
  return form;
}

/** The form's fields as a browser would post them, with `changes` set (replacing every value of a name) and `press`ed button. */
export function submission(form: HtmlForm, changes: Record<string, string> = {}, press?: { name: string; value: string }): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const replaced = new Set<string>();
  for (const [name, value] of form.fields) {
    if (name in changes) {
      if (!replaced.has(name)) out.push([name, changes[name]!]);
      replaced.add(name);
    } else out.push([name, value]);
  }
  for (const [name, value] of Object.entries(changes)) if (!replaced.has(name)) out.push([name, value]);
  if (press) out.push([press.name, press.value]);
  return out;
}

/** A page that does not look as the journey expects: the run fails loudly instead of counting nothing. */
export class PageShapeError extends Error {
  override name = "PageShapeError";
}
