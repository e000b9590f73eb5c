/** A small picture that opens large in the image modal (product images, screenshots, brand views); the placeholder when there is none. */
import { useState, type MouseEvent } from 'react';
import { ImageModal } from './image-modal';
import { PicturePlaceholder, usePictureFailure } from './picture';

/**
 * A small picture that opens `large` (else itself) in the image modal. Its click does not reach a
 * clickable row around it (Product History, a table row).
 */
export function Thumb({ src, large, alt, title, className = 'thumb' }: { src: string; large?: string; alt: string; title: string; className?: string }) {
  const [open, setOpen] = useState(false);
  const [failed, onError] = usePictureFailure(src);
  if (!src || failed) return <PicturePlaceholder label={alt} className={className} />;
  const openModal = (e: MouseEvent) => {
    e.stopPropagation();
    setOpen(true);
  };
  return (
    <>
      <button type="button" className={`${className} thumb--btn`} onClick={openModal} aria-label={`Open ${alt}`}>
        <img className="picture" src={src} alt="" loading="lazy" onError={onError} />
      </button>
      {open ? <ImageModal src={large || src} alt={alt} title={title} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
