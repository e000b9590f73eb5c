/**
 * Pictures (product images, screenshots, logos, hero images) and the one placeholder shown
 * wherever a picture is missing or does not load (a retailer's CDN gone, a stored picture past
 * its retention): a soft frame with a picture icon and, where there is room, 'No image'.
 * - `Picture`: the picture, or the placeholder;
 * - `PicturePlaceholder`: the placeholder alone;
 * - `Thumb` (./thumb.tsx): a small picture that opens large in the image modal.
 * Sizes come from the caller's class; the placeholder fills the same box.
 */
import { useState } from 'react';
import './picture.css';

export const NO_IMAGE_TEXT = 'No image';

/** The first address of one or more values that may each be a |-separated list (the product's `image`, then `imageUrl`). */
export const firstImage = (...urls: (string | undefined)[]): string => urls.map((u) => (u ?? '').split('|')[0]!.trim()).find(Boolean) ?? '';

/** Whether the picture at `src` failed to load, and the handler that records it (a new `src` is tried again). */
export function usePictureFailure(src: string): [boolean, () => void] {
  const [failed, setFailed] = useState('');
  return [failed !== '' && failed === src, () => setFailed(src)];
}

export function PicturePlaceholder({ label, className = '' }: { label: string; className?: string }) {
  return (
    <span className={`picture picture--none ${className}`.trim()} role="img" aria-label={`${label}: ${NO_IMAGE_TEXT.toLowerCase()}`} data-picture="none">
      <svg className="picture__icon" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round">
        <rect x="3" y="4.5" width="18" height="15" rx="2" />
        <circle cx="9" cy="10" r="1.8" />
        <path d="M3.5 17.5 9.5 12.5l4 3.5 2.5-2 4.5 3.5" />
      </svg>
      <span className="picture__text" aria-hidden="true">
        {NO_IMAGE_TEXT}
      </span>
    </span>
  );
}

/** The picture, or the placeholder when there is none or it does not load. */
export function Picture({ src, alt, className = '' }: { src: string; alt: string; className?: string }) {
  const [failed, onError] = usePictureFailure(src);
  if (!src || failed) return <PicturePlaceholder label={alt} className={className} />;
  return <img className={`picture ${className}`.trim()} src={src} alt={alt} loading="lazy" onError={onError} />;
}
