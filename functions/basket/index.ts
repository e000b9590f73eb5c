/**
 * The basket's picture fetch, which the content checks read pictures with too (an address with
 * its SSRF guards, or a stored `screenshots/` key from the bucket).
 * The public surface of functions/basket/ (issue 23): other features import only this file, never
 * its other files (lint). Re-exports only, by name.
 */
export { fetchPicture, ImageFetchError, IMAGE_MAX_BYTES } from './image-fetch';
