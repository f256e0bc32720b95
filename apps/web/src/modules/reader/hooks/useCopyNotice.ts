import { useEffect, useRef, useState } from 'react';

/** Spec 000 §9: copy handler debounce 250 ms. */
const COPY_DEBOUNCE_MS = 250;

/** Announces "Copied" once per burst of copy events inside the lesson. */
export function useCopyNotice(root: React.RefObject<HTMLElement | null>) {
  const [notice, setNotice] = useState('');
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const onCopy = () => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        setNotice('Copied to the clipboard');
        timer.current = window.setTimeout(() => setNotice(''), 2000);
      }, COPY_DEBOUNCE_MS);
    };
    element.addEventListener('copy', onCopy);
    return () => {
      element.removeEventListener('copy', onCopy);
      window.clearTimeout(timer.current);
    };
  }, [root]);
  return notice;
}
