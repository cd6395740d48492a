/** Images: the one pipeline (decode, strip, WebP renditions), its storage and multipart uploads. */
export { ADDED_WIDTHS, createImageService, IMAGE_WIDTHS, type ImageService } from './images.ts';
export { isMultipart, MAX_FILE_BYTES, MAX_FILES, readMultipart } from './multipart.ts';
export { localDiskStorage, s3Client, s3Storage } from './storage.ts';
