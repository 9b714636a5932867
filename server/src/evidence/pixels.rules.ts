/** Pure pixel arithmetic on decoded frames: grey levels 0–255, rows top to bottom. */

export interface GreyImage {
  width: number;
  height: number;
  /** One byte per pixel. */
  pixels: Uint8Array;
}

export interface RgbImage {
  width: number;
  height: number;
  /** Three bytes per pixel: red, green, blue. */
  pixels: Uint8Array;
}

/** ITU-R BT.601 luma, as ffmpeg's gray conversion computes it. */
export function toGrey(image: RgbImage): GreyImage {
  const grey = new Uint8Array(image.width * image.height);
  for (let i = 0, p = 0; i < grey.length; i++, p += 3) {
    grey[i] = Math.round(0.299 * image.pixels[p] + 0.587 * image.pixels[p + 1] + 0.114 * image.pixels[p + 2]);
  }
  return { width: image.width, height: image.height, pixels: grey };
}

/** Sums over every top-left rectangle, so any window's sum costs four reads. */
function integralOf({ width, height, pixels }: GreyImage): Float64Array {
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += pixels[y * width + x];
      sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1] + row;
    }
  }
  return sums;
}

/**
 * Black where a pixel is clearly darker than its neighbourhood (Bradley's adaptive threshold),
 * white elsewhere. A dark code on paper stays black on white whatever the light elsewhere in the
 * photo; OCR's one global threshold loses it in a dim room and reads the paper as a dark block.
 */
export function adaptiveThreshold(image: GreyImage, windowShare = 1 / 8, darker = 0.15): GreyImage {
  const { width, height, pixels } = image;
  const sums = integralOf(image);
  const stride = width + 1;
  const radius = Math.max(7, Math.round((Math.max(width, height) * windowShare) / 2));
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const sum = sums[y1 * stride + x1] - sums[y0 * stride + x1] - sums[y1 * stride + x0] + sums[y0 * stride + x0];
      const area = (x1 - x0) * (y1 - y0);
      out[y * width + x] = pixels[y * width + x] * area < sum * (1 - darker) ? 0 : 255;
    }
  }
  return { width, height, pixels: out };
}

/** The image averaged down to a `columns` × `rows` grid: fine detail and noise cancel out, movement stays. */
export function coarseGrid(image: GreyImage, columns: number, rows: number): Float64Array {
  const { width, height, pixels } = image;
  const sums = new Float64Array(columns * rows);
  const counts = new Float64Array(columns * rows);
  for (let y = 0; y < height; y++) {
    const cellRow = Math.min(rows - 1, Math.floor((y * rows) / height));
    for (let x = 0; x < width; x++) {
      const cell = cellRow * columns + Math.min(columns - 1, Math.floor((x * columns) / width));
      sums[cell] += pixels[y * width + x];
      counts[cell]++;
    }
  }
  return sums.map((sum, i) => sum / Math.max(1, counts[i]));
}

/** Mean absolute difference of two grids of the same size. */
export function meanAbsoluteDifference(a: Float64Array, b: Float64Array): number {
  if (a.length !== b.length || a.length === 0) throw new Error('grids differ in size');
  let total = 0;
  for (let i = 0; i < a.length; i++) total += Math.abs(a[i] - b[i]);
  return total / a.length;
}

/** The image on a white margin of `margin` pixels: OCR's layout analysis drops text that runs close to a picture's edge. */
export function withMargin(image: GreyImage, margin: number): GreyImage {
  const width = image.width + 2 * margin;
  const height = image.height + 2 * margin;
  const pixels = new Uint8Array(width * height).fill(255);
  for (let y = 0; y < image.height; y++)
    pixels.set(image.pixels.subarray(y * image.width, (y + 1) * image.width), (y + margin) * width + margin);
  return { width, height, pixels };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function crop(image: GreyImage, { x, y, width, height }: Box): GreyImage {
  const pixels = new Uint8Array(width * height);
  for (let row = 0; row < height; row++)
    pixels.set(image.pixels.subarray((y + row) * image.width + x, (y + row) * image.width + x + width), row * width);
  return { width, height, pixels };
}

/**
 * Where a sheet of paper or a lit screen may be: solid regions of the picture's brightest grey
 * (within 80 % of its 99th percentile, and at least mid-grey), largest first, each box grown by a
 * twentieth. A region counts when it covers 0.2 % of the picture or more and fills half its box
 * (the letters on it are the holes).
 */
export function brightRegions(image: GreyImage, max: number): Box[] {
  const { width, height, pixels } = image;
  const sorted = Uint8Array.from(pixels).sort();
  const level = Math.max(128, 0.8 * sorted[Math.floor((sorted.length - 1) * 0.99)]);
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const regions: Array<Box & { area: number }> = [];
  for (let start = 0; start < pixels.length; start++) {
    if (pixels[start] < level || seen[start]) continue;
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let [x0, y0, x1, y1, area] = [width, height, 0, 0, 0];
    while (top) {
      const i = stack[--top];
      const x = i % width;
      const y = (i - x) / width;
      area++;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
      const neighbours = [
        x > 0 ? i - 1 : -1,
        x < width - 1 ? i + 1 : -1,
        y > 0 ? i - width : -1,
        y < height - 1 ? i + width : -1,
      ];
      for (const j of neighbours) {
        if (j >= 0 && !seen[j] && pixels[j] >= level) {
          seen[j] = 1;
          stack[top++] = j;
        }
      }
    }
    regions.push({ x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1, area });
  }
  return regions
    .filter((r) => r.area >= width * height * 0.002 && r.area >= (r.width * r.height) / 2)
    .sort((a, b) => b.area - a.area)
    .slice(0, max)
    .map((r) => {
      const grow = { x: Math.round(r.width / 20), y: Math.round(r.height / 20) };
      const x = Math.max(0, r.x - grow.x);
      const y = Math.max(0, r.y - grow.y);
      return {
        x,
        y,
        width: Math.min(width, r.x + r.width + grow.x) - x,
        height: Math.min(height, r.y + r.height + grow.y) - y,
      };
    });
}

/** A binary PGM (P5) file of the image: the plainest format the OCR engine reads. */
export function toPgm(image: GreyImage): Buffer {
  return Buffer.concat([Buffer.from(`P5\n${image.width} ${image.height}\n255\n`, 'latin1'), image.pixels]);
}
