import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import { appLink } from "../format.ts";
import { MAIL_COLORS, MailButton, MailLayout, MailText } from "./layout.tsx";
import { PreferencesNote } from "./preferences-note.tsx";

/** A payment's receipt: what was charged, the coupon that took some off, and the reference to quote. */
export interface PaymentReceiptProps {
  appUrl: string;
  name: string;
  eventTitle: string;
  /** "USD 100.00" (formatMoney, as the panel shows money). */
  amount: string;
  coupon: { code: string; discount: string } | null;
  total: string;
  /** The provider's payment id, or the billing's number when the organiser marked it paid. */
  reference: string;
  /** When it was paid, on the reader's clock. */
  paidAt: string;
  /** The panel path of the billing. */
  path: string;
  about: string;
  unsubscribeUrl: string;
  settingsUrl: string;
}

const line = { fontSize: 14, lineHeight: "22px", color: MAIL_COLORS.text, margin: "0 0 4px" };

export function PaymentReceiptMail(props: PaymentReceiptProps) {
  const heading = `Receipt for ${props.eventTitle}`;
  return (
    <MailLayout preview={`${heading}: ${props.total}`} heading={heading} appUrl={props.appUrl}>
      <MailText>Hello {props.name}, thank you: your payment was successful.</MailText>
      <Section style={{ margin: "0 0 16px" }}>
        <Text className="lp-text" style={line}>
          Amount: {props.amount}
        </Text>
        {props.coupon ? (
          <Text className="lp-text" style={line}>
            Coupon {props.coupon.code}: −{props.coupon.discount}
          </Text>
        ) : null}
        <Text className="lp-text" style={{ ...line, fontWeight: 700 }}>
          Total paid: {props.total}
        </Text>
        <Text className="lp-text" style={line}>
          Paid: {props.paidAt}
        </Text>
        <Text className="lp-text" style={line}>
          Reference: {props.reference}
        </Text>
      </Section>
      <MailButton href={appLink(props.appUrl, props.path)}>Open your billing</MailButton>
      <PreferencesNote about={props.about} unsubscribeUrl={props.unsubscribeUrl} settingsUrl={props.settingsUrl} />
    </MailLayout>
  );
}
