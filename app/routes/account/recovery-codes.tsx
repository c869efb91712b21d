import { RECOVERY_CODE_COUNT } from "#schemas/two-factor";

/**
 * The recovery codes, the one time they are shown: a list to copy, and the same list as a text file to
 * download (a data: link, so it works without JavaScript and nothing is kept on the server).
 */
export function RecoveryCodes({ codes, message }: { codes: string[]; message: string | null }) {
  const file = `Launchpad recovery codes: each one signs you in once.\n\n${codes.join("\n")}\n`;
  return (
    <section aria-labelledby="recovery-codes-title" className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-4">
      <h3 id="recovery-codes-title" className="font-semibold text-amber-800">
        {message ?? "Your recovery codes"}
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        {`Keep these ${RECOVERY_CODE_COUNT} recovery codes somewhere safe, such as a password manager. If you lose your authenticator app, each one signs you in once. They are shown only now.`}
      </p>
      <ol data-testid="recovery-codes" className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm text-slate-900 sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <a
        className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
        download="launchpad-recovery-codes.txt"
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
      >
        Download the codes as a text file
      </a>
    </section>
  );
}
