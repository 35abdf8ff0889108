import { Anchor } from "~/components/plain/anchor";
import { List } from "~/lib/mantine/List";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import type { TelegramErrorLine } from "~/lib/upstream/cimp-telegrams.server";

/**
 * Every fault the reader found, each with a link to its line in the original text (`#line-5`); line 0 is the text as
 * a whole (empty, too long). Worded by code in the reader's language; a code this page has no words for shows the
 * API's own sentence.
 */
export function TelegramErrors({ errors, total }: { errors: TelegramErrorLine[]; total: number }) {
  const { t } = useTranslation("telegrams");
  if (!errors.length) {
    return (
      <Text size="sm" c="dimmed" data-testid="telegram-no-errors">
        {t("detail.noErrors")}
      </Text>
    );
  }
  return (
    <List size="sm" spacing={4} data-testid="telegram-errors" data-total={total}>
      {errors.map((e, i) => (
        <List.Item key={`${e.line}-${e.code}-${i}`} data-testid="telegram-error" data-line={e.line}>
          {e.line > 0 ? (
            <Anchor href={`#line-${e.line}`} size="sm" fw={600}>
              {t("detail.line", { line: e.line })}
            </Anchor>
          ) : (
            <Text span size="sm" fw={600}>
              {t("detail.wholeText")}
            </Text>
          )}
          {": "}
          <span style={{ overflowWrap: "anywhere" }}>{t(`errors.${e.code}`, { ...e.params, defaultValue: e.message || e.code })}</span>
        </List.Item>
      ))}
    </List>
  );
}
