import {
  MAIL_CHOICE_LABELS,
  MAIL_ONLY_LABELS,
  MAIL_TYPES,
  mailChoicesFor,
  type MailPreferences,
  type MailType,
} from "#schemas/mail-preferences";
import { NOTIFICATION_TYPES, type NotificationType } from "#schemas/notifications";
import { NOTIFICATION_LABELS, mailTypeLabel } from "#schemas/settings";
import { FieldErrors, inputClass } from "~/components/ui/field";

const isNotificationType = (type: MailType): type is NotificationType => (NOTIFICATION_TYPES as readonly string[]).includes(type);

export interface NotificationChoicesProps {
  /** The in-app types the user receives. */
  receiving: readonly string[];
  mail: MailPreferences;
  /** Errors by field name ("notifications", "mail.new_follower"). */
  errors: (name: string) => string[] | undefined;
}

/**
 * Per kind of notification, the in-app box and the mail choice beside it (immediately, daily digest, off),
 * plus the calendar mail of events, which has no in-app notification. Plain form controls: the settings
 * form posts them as they are, with or without JavaScript.
 */
export function NotificationChoices({ receiving, mail, errors }: NotificationChoicesProps) {
  const inApp = new Set(receiving);
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">Notify me when</legend>
      <p className="mb-3 text-sm text-slate-600">
        Tick what you see in the panel, and choose beside it how it reaches you by mail: each time, in one mail a day (from 08:00 in your
        time zone), or not at all. Chat messages are mailed only when still unread 15 minutes after they were sent.
      </p>
      <ul className="space-y-2">
        {MAIL_TYPES.map((type) => {
          const labelId = `notification-${type}`;
          const mailErrors = errors(`mail.${type}`);
          return (
            <li
              key={type}
              className="grid items-center gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm sm:grid-cols-[1fr_12rem]"
            >
              {isNotificationType(type) ? (
                <label className="flex items-center gap-2">
                  <input type="checkbox" name="notifications" value={type} defaultChecked={inApp.has(type)} />
                  <span id={labelId}>{NOTIFICATION_LABELS[type]}</span>
                </label>
              ) : (
                <span id={labelId} className="text-slate-700">
                  {MAIL_ONLY_LABELS[type]} <span className="text-slate-500">(mail only)</span>
                </span>
              )}
              <div>
                <select
                  name={`mail.${type}`}
                  defaultValue={mail[type]}
                  className={inputClass}
                  aria-label={`Mail: ${mailTypeLabel(type)}`}
                  aria-invalid={mailErrors ? true : undefined}
                  aria-describedby={mailErrors ? `${labelId}-mail-error` : undefined}
                >
                  {mailChoicesFor(type).map((choice) => (
                    <option key={choice} value={choice}>
                      {MAIL_CHOICE_LABELS[choice]}
                    </option>
                  ))}
                </select>
                <FieldErrors id={`${labelId}-mail-error`} errors={mailErrors} />
              </div>
            </li>
          );
        })}
      </ul>
      <FieldErrors errors={errors("notifications")} />
    </fieldset>
  );
}
