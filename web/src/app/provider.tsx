/**
 * App-wide providers: SWR (errors through the one error handler, no retry storms), the toast
 * container of the spec (top right, 4 s), and the theme colours of the session's brand as CSS
 * variables.
 */
import { useLayoutEffect, type ReactNode } from 'react';
import { Slide, ToastContainer } from 'react-toastify';
import { SWRConfig } from 'swr';
import { TOAST_MS } from '@shared/constants';
import { themeColors } from '../lib/access';
import { handleError } from '../lib/handle-error';
import { useSession } from '../lib/session';

function ThemeColors() {
  const session = useSession();
  const colors = themeColors(session);
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    root.setProperty('--bg-color', colors.bgColor);
    root.setProperty('--text-color', colors.textColor);
    root.setProperty('--hover-color', colors.hoverColor);
    root.setProperty('--summary-section-color', colors.summaryPageSectionColor);
  }, [colors.bgColor, colors.textColor, colors.hoverColor, colors.summaryPageSectionColor]);
  return null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <SWRConfig value={{ onError: handleError, shouldRetryOnError: false, revalidateOnFocus: false }}>
      <ThemeColors />
      {children}
      <ToastContainer position="top-right" autoClose={TOAST_MS} newestOnTop closeOnClick pauseOnHover transition={Slide} theme="light" />
    </SWRConfig>
  );
}
