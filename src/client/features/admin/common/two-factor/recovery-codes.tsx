import { useEffect, useRef } from 'react';
import { Button } from '../../../../components/button.tsx';
import { useToast } from '../../../../components/toast.tsx';
import { useSettings } from '../../../../lib/settings.tsx';
import { useAdmin } from '../session.tsx';

/**
 * The ten one-time recovery codes, shown once: the server keeps only their
 * hashes. Copy and download help the account's owner keep them; hiding them is their own choice.
 */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { showToast } = useToast();
  const { title } = useSettings();
  const { username } = useAdmin();
  const heading = useRef<HTMLHeadingElement>(null);
  // They replace the form that produced them: take focus there, so they are read out next.
  useEffect(() => heading.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      showToast('Recovery codes copied.', { variant: 'success' });
    } catch {
      showToast('Could not copy the codes. Select them and copy them by hand.', {
        variant: 'error',
      });
    }
  };
  const download = () => {
    const text = `${title}: recovery codes for ${username}\n\n${codes.join('\n')}\n`;
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section aria-labelledby="recovery-codes-heading" className="flex flex-col gap-4">
      <h3
        ref={heading}
        id="recovery-codes-heading"
        tabIndex={-1}
        className="text-lg font-bold focus:outline-none"
      >
        Recovery Codes
      </h3>
      <p>
        Each code signs you in once if you lose your authenticator app. Save them somewhere safe:
        they will not be shown again.
      </p>
      <ul className="grid max-w-md grid-cols-1 gap-2 sm:grid-cols-2 rounded-xl bg-gray-50 p-4 font-mono text-lg dark:bg-gray-800">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button variant="secondary" onClick={download}>
          Download codes
        </Button>
        <Button onClick={onDone}>I have saved these codes</Button>
      </div>
    </section>
  );
}
