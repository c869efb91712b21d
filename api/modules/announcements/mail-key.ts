/** An announcement's mail to one person is queued under this key: the history counts the mail queued by it. */
export const ANNOUNCEMENT_MAIL_PREFIX = "announcement:";
export const announcementMailKey = (announcementId: number, userId: number) => `${ANNOUNCEMENT_MAIL_PREFIX}${announcementId}:${userId}`;
