/**
 * The setup's QR code: the otpauth:// address drawn as SVG by `qrcode`, loaded on first use (its
 * own chunk, not in the settings' or the main bundle), shown as an image with its alternative text.
 */
import { useEffect, useState } from 'react';
import { MFA_UI } from '@shared/messages/mfa';

export function QrCode({ text }: { text: string }) {
  // The picture of which text (a new secret's text draws again).
  const [drawn, setDrawn] = useState<{ text: string; src: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    import('qrcode')
      .then((q) => q.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((svg) => live && setDrawn({ text, src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` }))
      .catch(() => live && setDrawn({ text, src: null }));
    return () => {
      live = false;
    };
  }, [text]);
  const ready = drawn?.text === text;
  const src = ready ? drawn.src : null;
  // Without the picture (a chunk that failed to load) the key below it is still there to type.
  if (ready && !src) return null;
  return (
    <div className="mfa-qr" aria-busy={src ? undefined : true}>
      {src ? <img className="mfa-qr__img" src={src} alt={MFA_UI.qrAlt} width={192} height={192} /> : <span className="muted">{MFA_UI.qrLoading}</span>}
    </div>
  );
}
