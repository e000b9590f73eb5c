/** A picture shown large in a modal (product images, screenshots), with its alternative text. */
import { Modal } from './modal';

export function ImageModal({ src, alt, title, onClose }: { src: string; alt: string; title: string; onClose: () => void }) {
  return (
    <Modal title={title} size="lg" onClose={onClose} className="image-modal">
      <img className="image-modal__img" src={src} alt={alt} />
    </Modal>
  );
}
