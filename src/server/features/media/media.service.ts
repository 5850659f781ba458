/*
 * The media feature's front door: storing and claiming uploaded files, checking and encoding
 * pictures, the picture jobs that make their copies, and the addresses files are served at.
 */

export { checkSniffedUpload, checkUpload } from './image-check.ts';
export { type SniffedUpload, UploadSniffer, UploadTooLargeError } from './upload-sniffer.ts';
export {
  type PictureJob,
  type PictureKind,
  pictureStatesOf,
  queuePictureJobs,
} from './image-jobs.service.ts';
export { checkImagesAreUploads, unknownImageFields } from './known-images.ts';
export { PRIVATE_FILE_CACHE, privateFileUrl, sendPrivateFile } from './private-files.ts';
export {
  displayKeyOf,
  type EncodedImage,
  encodePrivateImage,
  extensionOf,
  filesOfPicture,
  largeKeyOf,
  uploadKeyOf,
} from './private-images.ts';
export { juryCopyOf, type PictureCopy, printableKeyOf } from './picture-copies.ts';
export { describeImages, storeResponsiveImage } from './responsive-images.ts';
export { type DisplayMetadata, xmpPacketOf } from './display-metadata.ts';
export { isValidKey, PRIVATE_NAMESPACE, type Storage, type StoredFile } from './storage/storage.ts';
export {
  claimFiles,
  discardUnclaimedFiles,
  type FileToStore,
  releaseFiles,
  storeUnclaimedFiles,
  storeUnclaimedStream,
} from './unclaimed-files.ts';
