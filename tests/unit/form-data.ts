/** A form as the browser posts it: the entries in order, a name given twice posted twice. */
export function formOf(entries: Array<[string, string]>): FormData {
  const form = new FormData();
  for (const [k, v] of entries) form.append(k, v);
  return form;
}
