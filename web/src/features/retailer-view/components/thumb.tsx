/** A small picture that opens large in the image modal (product images, screenshots, brand views). */
import { useState } from 'react';
import { ImageModal } from '../../../components/ui/image-modal';

/** The first URL of a pipe-separated list (001 §3 imageUrl). */
export const firstImage = (...urls: (string | undefined)[]): string => urls.map((u) => (u ?? '').split('|')[0]!.trim()).find(Boolean) ?? '';

export function Thumb({ src, large, alt, title, className = 'thumb' }: { src: string; large?: string; alt: string; title: string; className?: string }) {
  const [open, setOpen] = useState(false);
  // A picture that does not load (a retailer's CDN gone) shows as missing, not as a broken image.
  const [failed, setFailed] = useState('');
  if (!src || failed === src) {
    return (
      <span className={`${className} thumb--none`} role="img" aria-label={`${alt}: no image`}>
        N/A
      </span>
    );
  }
  return (
    <>
      <button type="button" className={`${className} thumb--btn`} onClick={() => setOpen(true)} aria-label={`Open ${alt}`}>
        <img src={src} alt="" loading="lazy" onError={() => setFailed(src)} />
      </button>
      {open ? <ImageModal src={large || src} alt={alt} title={title} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
