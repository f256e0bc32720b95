import { useState } from 'react';
import { Button } from '../../../ui/Button';

/** The site's address to send a friend, with a copy button (the clipboard may be refused: then select it). */
export function ShareLink() {
  const address = `${window.location.origin}/explore/free`;
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <section className="card discovery-share" aria-labelledby="share-heading">
      <h2 id="share-heading">Send this link</h2>
      <p>
        <code>{address}</code>
      </p>
      <Button onClick={copy}>Copy the link</Button>
      <p role="status" className="muted">
        {copied === 'yes'
          ? 'Copied. Paste it into a message to your friend.'
          : copied === 'no'
            ? 'Your browser did not allow copying: select the address above instead.'
            : ''}
      </p>
    </section>
  );
}
