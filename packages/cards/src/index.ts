export {
  CUSTOM_LIMITS,
  type CustomCard,
  type Encoding,
  headerEncoding,
  loadImageLibrary,
  type ProcessOptions,
  precheck,
  processCustomDeck,
  type Result,
  type UploadError,
  type UploadErrorCode,
} from "./custom/process";
export { computeDetailMap, peaks, type RgbImage } from "./custom/saliency";
export {
  CURRENT_EDITION,
  cardImagePath,
  type DeckFile,
  deckEditions,
  EDITIONS,
  type EditionInfo,
  editionOfCard,
  readDeckFile,
  standardDeck,
} from "./deck";
export {
  type DreamersFace,
  type DreamersManifest,
  dreamersFacePath,
  dreamersFaces,
} from "./dreamers/manifest";
export { DREAMERS_FACES_VERSION } from "./dreamers/version";
export { SIMILARITY_THRESHOLD, similarity } from "./gen/select";
export * from "./types";
