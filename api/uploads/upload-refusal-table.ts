/**
 * Why an uploaded file was refused as a whole, before any of its rows was checked: a stable code and its parameters
 * beside the sentence (DESIGN §4b), so that a client words it in its reader's language (the BFF's
 * `uploads:refusals.<code>`). The sentence also stands under `errors.file`, where clients read a field's errors.
 * Nothing from the file itself is ever part of an answer.
 */
export const UPLOAD_REFUSALS = {
  upload_busy: { status: 429, sentence: () => "cannot be read now: the server is reading other files; try again in a minute" },
  archive_too_many_entries: { status: 413, sentence: (p) => `holds ${p.found} files; an XLSX upload may hold at most ${p.max}` },
  archive_unpacks_too_large: { status: 413, sentence: (p) => `unpacks to more than ${p.max_mb} MB; split it into smaller files` },
  archive_packed_too_densely: { status: 413, sentence: (p) => `is packed ${p.ratio} times over, more than a spreadsheet ever is` },
  file_unreadable: {
    status: 422,
    sentence: (p) => (p.format === "csv" ? `is not a readable CSV file${p.row ? ` (record ${p.row})` : ""}` : "is not a readable XLSX file"),
  },
  sheet_too_many_rows: { status: 413, sentence: (p) => `has more than ${p.max} rows; split it into smaller files` },
  sheet_too_many_columns: { status: 413, sentence: (p) => `has more than ${p.max} columns` },
  sheet_cell_too_long: { status: 422, sentence: (p) => `has a cell of more than ${p.max} characters (row ${p.row}, column ${p.column})` },
  sheet_string_too_long: { status: 422, sentence: (p) => `holds a text of more than ${p.max} characters` },
  sheet_row_too_long: { status: 422, sentence: (p) => `has a row of more than ${p.max} characters (row ${p.row})` },
  sheet_text_too_long: { status: 422, sentence: (p) => `holds more than ${p.max} characters of text; split it into smaller files` },
  sheet_too_many_strings: { status: 422, sentence: (p) => `holds more than ${p.max} different texts; split it into smaller files` },
  sheet_too_slow: { status: 422, sentence: (p) => `could not be read within ${p.seconds} s; split it into smaller files` },
  sheet_too_much_memory: { status: 413, sentence: () => "needs more memory to read than an upload may use; split it into smaller files" },
} satisfies Record<string, { status: 413 | 422 | 429; sentence: (params: UploadRefusalParams) => string }>;

export type UploadRefusalCode = keyof typeof UPLOAD_REFUSALS;
export type UploadRefusalParams = Record<string, string | number>;

export const UPLOAD_REFUSAL_CODES = Object.keys(UPLOAD_REFUSALS) as UploadRefusalCode[];

