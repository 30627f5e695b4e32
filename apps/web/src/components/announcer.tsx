import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';

export interface AnnounceOptions {
  /** Interrupts the screen reader (errors); otherwise it is read once the reader is idle. */
  assertive?: boolean;
}

export type Announce = (text: string, options?: AnnounceOptions) => void;

const AnnouncerContext = createContext<Announce | null>(null);

interface Message {
  text: string;
  /** Counts the announcements, so the same text said twice is still a change the reader hears. */
  count: number;
}

const EMPTY: Message = { text: '', count: 0 };

/**
 * The app's two live regions, polite and assertive, in the document from the first render (and in the
 * server's markup) while still empty: screen readers announce a change of a region they already know,
 * and often skip one inserted together with its text. `useAnnounce()` puts text in them.
 */
export function AnnouncerProvider({ children }: { children: ReactNode }) {
  const [polite, setPolite] = useState<Message>(EMPTY);
  const [assertive, setAssertive] = useState<Message>(EMPTY);

  const announce = useCallback<Announce>((text, options) => {
    const set = options?.assertive ? setAssertive : setPolite;
    set((current) => ({ text, count: current.count + 1 }));
  }, []);

  return (
    <AnnouncerContext.Provider value={announce}>
      {children}
      <LiveRegion politeness="polite" message={polite} />
      <LiveRegion politeness="assertive" message={assertive} />
    </AnnouncerContext.Provider>
  );
}

/** The text, with a no-break space every other time: the same words twice are still a change. */
/** One of the two regions: in the markup from the first render, its text set later. */
function LiveRegion({ politeness, message }: { politeness: 'polite' | 'assertive'; message: Message }) {
  return (
    <div
      data-testid={`announcer-${politeness}`}
      data-announcer=""
      aria-live={politeness}
      aria-atomic="true"
      className="sr-only"
    >
      {withParity(message)}
    </div>
  );
}

function withParity(message: Message): string {
  if (!message.text) return '';
  return message.count % 2 === 0 ? `${message.text}\u00A0` : message.text;
}

/** Returns `announce(text, { assertive })`, which says `text` through the app's live regions. */
export function useAnnounce(): Announce {
  const announce = useContext(AnnouncerContext);
  if (!announce) throw new Error('useAnnounce must be used inside <AnnouncerProvider>');
  return announce;
}
