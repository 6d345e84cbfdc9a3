import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { manyScanJpeg } from "../testing";
import { DETAIL_COLS, DETAIL_ROWS, LOCALES } from "../types";
import { CUSTOM_LIMITS, headerEncoding, precheck, processCustomDeck, sniff } from "./process";
import { peaks } from "./saliency";
import { blobImage } from "./testimages";

type File = { name: string; bytes: Uint8Array };

async function encode(
  width: number,
  height: number,
  fmt: "png" | "jpeg" | "webp",
  seed: string,
): Promise<Uint8Array> {
  const img = blobImage(width, height, [{ x: 0.5, y: 0.4, r: 0.08, color: [250, 200, 60] }], seed);
  const s = sharp(Buffer.from(img.data), { raw: { width, height, channels: 3 } });
  return new Uint8Array(await (fmt === "png" ? s.png() : fmt === "jpeg" ? s.jpeg() : s.webp()).toBuffer());
}

/** A PNG whose header claims width×height, with a tiny (invalid for that size) body. */
function pngHeader(width: number, height: number): Uint8Array {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Uint8Array) => {
    let c = 0xffffffff;
    for (const x of b) c = (crcTable[(c ^ x) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const ihdr = new Uint8Array(17);
  const dv = new DataView(ihdr.buffer);
  ihdr.set([0x49, 0x48, 0x44, 0x52]);
  dv.setUint32(4, width);
  dv.setUint32(8, height);
  ihdr.set([8, 2, 0, 0, 0], 12);
  const out = new Uint8Array(8 + 4 + 17 + 4 + 12);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  new DataView(out.buffer).setUint32(8, 13);
  out.set(ihdr, 12);
  new DataView(out.buffer).setUint32(29, crc(ihdr));
  // an empty IEND chunk
  out.set([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82], 33);
  return out;
}

let good: File[] = [];

beforeAll(async () => {
  const shapes: [number, number, "png" | "jpeg" | "webp"][] = [
    [400, 600, "png"],
    [800, 1200, "jpeg"],
    [300, 300, "webp"],
    [1200, 800, "png"],
    [240, 360, "jpeg"],
    [500, 900, "webp"],
    [640, 480, "png"],
    [400, 600, "jpeg"],
  ];
  good = await Promise.all(
    shapes.map(async ([w, h, f], i) => ({
      name: `pic${i + 1}.${f === "jpeg" ? "jpg" : f}`,
      bytes: await encode(w, h, f, `g${i}`),
    })),
  );
});

describe("processCustomDeck", () => {
  it("normalises 8 good images of any size and format to 2:3 WebP cards with detail maps", async () => {
    const r = await processCustomDeck(good, { idPrefix: "t1" });
    if (!r.ok) throw new Error(r.error.message);
    expect(r.cards.map((c) => c.manifest.id)).toEqual(good.map((_, i) => `t1-${i + 1}`));
    for (const c of r.cards) {
      const meta = await sharp(c.webp).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual([
        "webp",
        CUSTOM_LIMITS.width,
        CUSTOM_LIMITS.height,
      ]);
      const thumb = await sharp(c.thumb).metadata();
      expect([thumb.format, thumb.width, thumb.height]).toEqual([
        "webp",
        CUSTOM_LIMITS.thumbWidth,
        CUSTOM_LIMITS.thumbHeight,
      ]);
      expect(c.manifest.objects).toEqual([]);
      expect(c.manifest.detail.salience).toHaveLength(DETAIL_COLS * DETAIL_ROWS);
      expect(Math.max(...c.manifest.detail.salience)).toBe(1);
      for (const l of LOCALES) expect(c.manifest.alt[l]).toMatch(/\d+/);
    }
    // the 2:3 portrait keeps its blob where it was: the strongest peak is on it
    const first = r.cards[0];
    const p = first ? peaks(first.manifest.detail, 1)[0] : undefined;
    expect(p && Math.hypot(p.x - 0.5, p.y - 0.4)).toBeLessThanOrEqual(0.05);
  });

  const bad = async (files: File[], code: string, file: string | null) => {
    const r = await processCustomDeck(files);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe(code);
    expect(r.error.file).toBe(file);
    expect(r.error.message.length).toBeGreaterThan(10);
    if (file) expect(r.error.message).toContain(file);
  };
  const withBad = (f: File): File[] => [...good.slice(0, 4), f, ...good.slice(4)];

  it("rejects a file that is not an image", async () => {
    await bad(
      withBad({ name: "notes.png", bytes: new TextEncoder().encode("just some text, not a picture") }),
      "upload/not_an_image",
      "notes.png",
    );
  });

  it("rejects a zero-byte file", async () => {
    await bad(withBad({ name: "empty.jpg", bytes: new Uint8Array(0) }), "upload/empty", "empty.jpg");
  });

  it("rejects truncated PNG, JPEG and WebP files", async () => {
    for (const f of good.slice(0, 3)) {
      const cut = { name: `cut-${f.name}`, bytes: f.bytes.subarray(0, Math.floor(f.bytes.length * 0.6)) };
      await bad(withBad(cut), "upload/truncated", cut.name);
    }
  });

  it("rejects a lying extension", async () => {
    const png = good[0] as File;
    await bad(withBad({ name: "photo.jpg", bytes: png.bytes }), "upload/wrong_extension", "photo.jpg");
    await bad(withBad({ name: "photo.gif", bytes: png.bytes }), "upload/wrong_extension", "photo.gif");
  });

  it("rejects images over 5 MB and over 40 megapixels before decoding them", async () => {
    const big = new Uint8Array(CUSTOM_LIMITS.maxBytes + 1);
    big.set((good[0] as File).bytes.subarray(0, 16));
    await bad(withBad({ name: "big.png", bytes: big }), "upload/too_large", "big.png");
    await bad(
      withBad({ name: "huge.png", bytes: pngHeader(8000, 5001) }),
      "upload/too_many_pixels",
      "huge.png",
    );
  });

  it("rejects decks with too few or too many images", async () => {
    await bad(good.slice(0, 7), "upload/too_few_images", null);
    const many = Array.from({ length: 101 }, (_, i) => ({
      name: `p${i}.png`,
      bytes: (good[0] as File).bytes,
    }));
    await bad(many, "upload/too_many_images", null);
  });

  it("prechecks a single file cheaply with the same codes, before any decoding", () => {
    const png = (good[0] as File).bytes;
    expect(precheck("a.png", png)).toBeNull();
    expect(precheck("a.png", new Uint8Array(0))?.code).toBe("upload/empty");
    expect(precheck("a.png", new TextEncoder().encode("hello"))?.code).toBe("upload/not_an_image");
    expect(precheck("a.webp", png)?.code).toBe("upload/wrong_extension");
    expect(precheck("a.png", png.subarray(0, 20))?.code).toBe("upload/truncated");
    expect(precheck("a.png", pngHeader(8000, 5001))?.code).toBe("upload/too_many_pixels");
    expect(precheck("a.png", pngHeader(8000, 5001))?.file).toBe("a.png");
  });

  it("refuses a JPEG of more than 100 scans (a decoding-time bomb) before decoding, and accepts ordinary progressive ones", async () => {
    const bomb = manyScanJpeg(64, 96, 883);
    expect(headerEncoding(bomb, "jpeg")).toEqual({ interlaced: true, scans: 883 });
    const refused = precheck("bomb.jpg", bomb);
    expect(refused?.code).toBe("upload/too_complex");
    expect(refused?.file).toBe("bomb.jpg");
    expect(precheck("edge.jpg", manyScanJpeg(64, 96, CUSTOM_LIMITS.maxJpegScans))).toBeNull();
    expect(precheck("over.jpg", manyScanJpeg(64, 96, CUSTOM_LIMITS.maxJpegScans + 1))?.code).toBe(
      "upload/too_complex",
    );
    const ordinary = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#345" } })
      .jpeg({ progressive: true })
      .toBuffer();
    const encoding = headerEncoding(new Uint8Array(ordinary), "jpeg");
    expect(encoding.interlaced).toBe(true);
    expect(encoding.scans).toBeGreaterThan(1);
    expect(encoding.scans).toBeLessThanOrEqual(12);
    const baseline = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#345" } })
      .jpeg()
      .toBuffer();
    expect(headerEncoding(new Uint8Array(baseline), "jpeg")).toEqual({ interlaced: false, scans: 1 });
    // the bomb in a whole deck is refused by processCustomDeck too, naming the file
    await bad(withBad({ name: "bomb.jpg", bytes: bomb }), "upload/too_complex", "bomb.jpg");
  });

  it("allows progressive JPEGs and interlaced PNGs fewer pixels (they are decoded as a whole)", async () => {
    const big = { width: 4100, height: 4000, channels: 3, background: "#345" } as const;
    const progressive = new Uint8Array(await sharp({ create: big }).jpeg({ progressive: true }).toBuffer());
    const baseline = new Uint8Array(await sharp({ create: big }).jpeg().toBuffer());
    const interlaced = new Uint8Array(await sharp({ create: big }).png({ progressive: true }).toBuffer());
    expect(precheck("p.jpg", progressive)?.code).toBe("upload/too_many_pixels");
    expect(precheck("p.jpg", progressive)?.message).toMatch(/progressive.*16 megapixels/);
    expect(precheck("i.png", interlaced)?.code).toBe("upload/too_many_pixels");
    expect(precheck("b.jpg", baseline)).toBeNull();
  });

  it("sniffs formats by content", () => {
    expect(sniff((good[0] as File).bytes)).toBe("png");
    expect(sniff((good[1] as File).bytes)).toBe("jpeg");
    expect(sniff((good[2] as File).bytes)).toBe("webp");
    expect(sniff(new Uint8Array([1, 2, 3]))).toBeNull();
  });
});
