/**
 * Packages that only some requests need, loaded by the first of them (docs/memory.md): imported at start, these and
 * the PDF libraries (api/documents/routes.ts) held about 60 MB of every API process, most of which never writes a
 * workbook, a PDF or an e-mail.
 */
export const loadExcelJS = async () => (await import("exceljs")).default;
export const loadFileType = () => import("file-type");
export const loadNodemailer = async () => (await import("nodemailer")).default;
