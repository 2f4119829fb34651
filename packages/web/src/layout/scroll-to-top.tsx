import { SCROLL_TO_TOP_THRESHOLD_PX } from '@tradedeck/sdk/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons.tsx';

/** Appears after 200 px of scrolling. */
export function ScrollToTop() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > SCROLL_TO_TOP_THRESHOLD_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      aria-label={t('layout.scrollToTop')}
      className="fixed end-5 bottom-10 z-30 rounded-full bg-primary-strong p-3 text-white shadow-lg shadow-primary/40 hover:bg-primary-deep"
    >
      <Icon name="arrowUp" />
    </button>
  );
}
