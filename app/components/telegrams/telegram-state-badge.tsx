import { Badge } from "~/components/plain/badge";
import { useTranslation } from "react-i18next";
import type { TelegramState } from "../../../cargo/telegrams/telegram-state";

/** The colour says whether someone has to look: red faults, orange refused, blue waiting, green done. */
const STATE_COLOURS: Readonly<Record<TelegramState, string>> = {
  queued: "blue",
  processing: "blue",
  parse_failed: "red",
  processing_failed: "red",
  rejected: "orange",
  processed: "green",
};

/** A received telegram's state (cargo/telegrams/telegram-state.ts) in the reader's language. */
export function TelegramStateBadge({ state }: { state: TelegramState | null }) {
  const { t } = useTranslation("telegrams");
  if (!state) return <>—</>;
  return (
    <Badge color={STATE_COLOURS[state]} variant="light" data-testid="telegram-state">
      {t(`states.${state}`)}
    </Badge>
  );
}
