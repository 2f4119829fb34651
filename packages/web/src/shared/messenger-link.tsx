/** The product's messaging channel: news on the landing page, and support for banned accounts. */
export const MESSENGER_URL = import.meta.env.VITE_MESSENGER_URL ?? 'https://t.me/tradedeck';

/** A link to the messaging channel, opened in a new tab. */
export function MessengerLink({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <a href={MESSENGER_URL} target="_blank" rel="noreferrer noopener" className={className}>
      {children}
    </a>
  );
}
