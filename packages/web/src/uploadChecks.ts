/**
 * The checks the browser can make before uploading pictures as a deck, with the server's error codes.
 * They only save a pointless upload: the server checks everything again and is the judge.
 */
const TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

export const UPLOAD = {
  minImages: 8,
  maxImages: 100,
  maxFileBytes: 5 * 1024 * 1024,
  maxTotalBytes: 150 * 1024 * 1024,
  nameMax: 40,
  types: TYPES,
  /** The file picker's filter: the types, and the extensions for systems that go by name. */
  accept: [...TYPES, ".png", ".jpg", ".jpeg", ".webp"].join(","),
} as const;

const EXTENSION = /\.(png|jpe?g|webp)$/i;

export interface UploadProblem {
  code: string;
  /** The file concerned, or null for the selection as a whole. */
  file: string | null;
}

/** The first problem with this selection, or null if it may be uploaded. */
export function checkSelection(files: readonly Pick<File, "name" | "size" | "type">[]): UploadProblem | null {
  if (files.length > UPLOAD.maxImages) return { code: "upload/too_many_images", file: null };
  let total = 0;
  for (const f of files) {
    if (f.size === 0) return { code: "upload/empty", file: f.name };
    if (f.size > UPLOAD.maxFileBytes) return { code: "upload/too_large", file: f.name };
    if (!EXTENSION.test(f.name)) return { code: "upload/wrong_extension", file: f.name };
    // browsers derive the type from the extension; an empty type is left to the server
    if (f.type !== "" && !(TYPES as readonly string[]).includes(f.type))
      return { code: "upload/not_an_image", file: f.name };
    total += f.size;
  }
  if (files.length < UPLOAD.minImages) return { code: "upload/too_few_images", file: null };
  if (total > UPLOAD.maxTotalBytes) return { code: "upload/total_too_large", file: null };
  return null;
}
