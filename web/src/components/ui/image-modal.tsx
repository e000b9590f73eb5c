/** A picture shown large in a modal (product images, screenshots), with its alternative text; the placeholder when it does not load. */
import { Modal } from './modal';
import { Picture } from './picture';

export function ImageModal({ src, alt, title, onClose }: { src: string; alt: string; title: string; onClose: () => void }) {
  return (
    <Modal title={title} size="lg" onClose={onClose} className="image-modal">
      <Picture className="image-modal__img" src={src} alt={alt} />
    </Modal>
  );
}
