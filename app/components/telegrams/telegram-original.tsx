import { useTranslation } from "react-i18next";
import type { ShownLine } from "~/lib/telegrams/telegram-text";

/**
 * The telegram's text as sent, one numbered row per line, each row an anchor (`#line-5`) that its errors link to; a
 * line with an error is marked. Long lines scroll inside this box, never the page (a 390 px screen included).
 */
export function TelegramOriginal({ lines, faulty }: { lines: ShownLine[]; faulty: ReadonlySet<number> }) {
  const { t } = useTranslation("telegrams");
  return (
    <div
      role="region"
      aria-label={t("detail.original")}
      tabIndex={0}
      data-testid="telegram-original"
      style={{ overflow: "auto", maxHeight: "70vh", border: "1px solid var(--mantine-color-default-border)", borderRadius: 4, fontFamily: "var(--mantine-font-family-monospace)", fontSize: 13 }}
    >
      <div style={{ display: "table", minWidth: "100%" }}>
        {lines.map((line) => {
          const bad = faulty.has(line.no);
          return (
            <div
              key={line.no}
              id={`line-${line.no}`}
              data-testid={`telegram-line-${line.no}`}
              data-error={bad ? "true" : undefined}
              className="telegram-line"
              style={{ display: "table-row", background: bad ? "var(--mantine-color-red-light)" : undefined }}
            >
              <span style={{ display: "table-cell", padding: "0 8px", textAlign: "right", userSelect: "none", color: "var(--mantine-color-dimmed)", borderRight: "1px solid var(--mantine-color-default-border)" }}>
                {line.no}
              </span>
              <span style={{ display: "table-cell", padding: "0 8px", whiteSpace: "pre" }}>{line.text || " "}</span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
