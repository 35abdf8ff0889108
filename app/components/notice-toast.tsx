import { Notification } from "~/lib/mantine/Notification";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Notice } from "../lib/session/session-data";
import { HEADER_HEIGHT } from "./shell/header-height";

/** Spec 1 §9: product notices are centred and last 2500 ms (when JS runs; without JS they simply stay). */
const DISPLAY_MS = 2500;
/** Below the main shell's header: a notice over it hid the language switch (and stays there without JS). */
const TOP_PX = HEADER_HEIGHT + 8;

type NotificationsModule = typeof import("@mantine/notifications");
let loading: Promise<NotificationsModule> | undefined;
/** Fetched with the first notice, not in the root chunk: most pages never show one. */
const loadNotifications = () => (loading ??= import("@mantine/notifications"));

const colorOf = (notice: Notice) => (notice.kind === "error" ? "red" : notice.kind === "success" ? "teal" : "blue");

/**
 * The notice's text in the current language, re-rendered when the language changes (the "Language changed"
 * notice arrives together with the new language). Its key names its namespace (`customers:notices.created`).
 */
function NoticeText({ notice }: { notice: Notice }) {
  const { t } = useTranslation();
  return <>{t(notice.key, notice.params)}</>;
}

/**
 * The flashed notice of this page. The server renders it as a plain fixed box, so it shows without JS; once
 * the browser runs, @mantine/notifications takes over (centred below the header, gone after 2500 ms) and shows
 * every later notice that arrives with client-side navigation.
 */
export function NoticeToast({ notice }: { notice: Notice | null }) {
  const [mantine, setMantine] = useState<NotificationsModule | null>(null);
  useEffect(() => {
    if (!notice) return;
    let current = true;
    loadNotifications().then((module) => {
      if (!current) return;
      // one render swaps the server's box for the container that holds this notice: never both, never neither
      setMantine(module);
      module.notifications.show({
        message: <NoticeText notice={notice} />,
        color: colorOf(notice),
        withCloseButton: false,
        "data-testid": "notice",
      });
    });
    return () => {
      current = false;
    };
  }, [notice]);
  return (
    <>
      {mantine ? (
        <mantine.Notifications
          position="top-center"
          autoClose={DISPLAY_MS}
          // every position's (empty) box gets this, so none may stretch: top only, bottom released
          styles={{ root: { top: TOP_PX, bottom: "auto" } }}
        />
      ) : notice ? (
        <ServerNotice notice={notice} />
      ) : null}
    </>
  );
}

/** No controls inside: without JS it never goes away and must not swallow clicks meant for the page below it. */
function ServerNotice({ notice }: { notice: Notice }) {
  return (
    <div
      role={notice.kind === "error" ? "alert" : "status"}
      style={{ position: "fixed", top: TOP_PX, left: "50%", transform: "translateX(-50%)", zIndex: 1000, minWidth: 320, pointerEvents: "none" }}
    >
      <Notification color={colorOf(notice)} withCloseButton={false} data-testid="notice">
        <NoticeText notice={notice} />
      </Notification>
    </div>
  );
}
