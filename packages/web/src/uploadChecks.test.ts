import { UPLOAD_LIMITS } from "@firmament/protocol";
import { describe, expect, it } from "vitest";
import { checkSelection, UPLOAD } from "./uploadChecks";

const file = (name: string, size = 1000, type = "image/png") => ({ name, size, type });
const good = (n: number) => Array.from({ length: n }, (_, i) => file(`p${i}.png`));

describe("checkSelection", () => {
  it("uses the server's limits", () => {
    expect(UPLOAD.minImages).toBe(UPLOAD_LIMITS.minImages);
    expect(UPLOAD.maxImages).toBe(UPLOAD_LIMITS.maxImages);
    expect(UPLOAD.maxFileBytes).toBe(UPLOAD_LIMITS.maxFileBytes);
    expect(UPLOAD.maxTotalBytes).toBe(UPLOAD_LIMITS.maxTotalBytes);
    expect(UPLOAD.nameMax).toBe(UPLOAD_LIMITS.nameMax);
    expect(UPLOAD.types).toEqual(UPLOAD_LIMITS.types);
  });

  it("accepts 8 to 100 PNG, JPEG or WebP pictures of at most 5 MB", () => {
    expect(checkSelection(good(8))).toBeNull();
    expect(checkSelection([...good(7), file("a.JPG", 5 * 1024 * 1024, "image/jpeg")])).toBeNull();
    expect(checkSelection([...good(7), file("a.webp", 10, "")])).toBeNull();
    expect(checkSelection(good(100))).toBeNull();
  });

  it("names the first problem with the server's code", () => {
    expect(checkSelection(good(7))).toEqual({ code: "upload/too_few_images", file: null });
    expect(checkSelection(good(101))).toEqual({ code: "upload/too_many_images", file: null });
    expect(checkSelection([...good(8), file("e.png", 0)])).toEqual({ code: "upload/empty", file: "e.png" });
    expect(checkSelection([...good(8), file("b.png", 5 * 1024 * 1024 + 1)])).toEqual({
      code: "upload/too_large",
      file: "b.png",
    });
    expect(checkSelection([...good(8), file("a.gif", 10, "image/gif")])).toEqual({
      code: "upload/wrong_extension",
      file: "a.gif",
    });
    expect(checkSelection([...good(8), file("a.png", 10, "text/plain")])).toEqual({
      code: "upload/not_an_image",
      file: "a.png",
    });
    const heavy = Array.from({ length: 40 }, (_, i) => file(`h${i}.jpg`, 4 * 1024 * 1024, "image/jpeg"));
    expect(checkSelection(heavy)).toEqual({ code: "upload/total_too_large", file: null });
  });
});
