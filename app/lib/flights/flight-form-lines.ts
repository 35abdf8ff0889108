/**
 * Schedule-mode lines after a partly stored submission: one `POST schedules` per line cannot be one
 * transaction, so when a later line fails the lines already stored leave the form and only the rest is
 * shown again (with their typed values), so sending the form again cannot create those flights twice.
 */

const LINE_KEY = /^lines\[(\d+)\](.*)$/;

/** The posted form without the lines at `drop`, the remaining lines renumbered from 0 in their order. */
export function withoutLines(form: FormData, drop: ReadonlySet<number>): FormData {
  const kept = new Map<number, number>();
  const out = new FormData();
  const indexes = new Set<number>();
  for (const key of form.keys()) {
    const m = LINE_KEY.exec(key);
    if (m) indexes.add(Number(m[1]));
  }
  let next = 0;
  for (const i of [...indexes].sort((a, b) => a - b)) if (!drop.has(i)) kept.set(i, next++);
  for (const [key, value] of form.entries()) {
    const m = LINE_KEY.exec(key);
    if (!m) {
      out.append(key, value);
      continue;
    }
    const to = kept.get(Number(m[1]));
    if (to !== undefined) out.append(`lines[${to}]${m[2]}`, value);
  }
  return out;
}
