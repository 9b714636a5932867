import {
  adaptiveThreshold,
  brightRegions,
  coarseGrid,
  crop,
  type GreyImage,
  meanAbsoluteDifference,
  toGrey,
  toPgm,
  withMargin,
} from './pixels.rules';

const grey = (width: number, height: number, at: (x: number, y: number) => number): GreyImage => {
  const pixels = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) pixels[y * width + x] = at(x, y);
  return { width, height, pixels };
};

describe('pixel arithmetic', () => {
  it('converts RGB to luma', () => {
    const image = toGrey({ width: 3, height: 1, pixels: Uint8Array.from([255, 0, 0, 0, 255, 0, 255, 255, 255]) });
    expect([...image.pixels]).toEqual([76, 150, 255]);
  });

  it('keeps dark ink black on paper whatever the light around it', () => {
    // A dim left half (40) and a bright right half (220), each with a darker stroke.
    const image = grey(64, 32, (x, y) => {
      const base = x < 32 ? 40 : 220;
      return y === 16 && x % 32 > 8 && x % 32 < 24 ? base * 0.5 : base;
    });
    const binary = adaptiveThreshold(image);
    expect(binary.pixels[16 * 64 + 16]).toBe(0); // stroke in the dim half
    expect(binary.pixels[16 * 64 + 48]).toBe(0); // stroke in the bright half
    expect(binary.pixels[4 * 64 + 16]).toBe(255); // plain dim background
    expect(binary.pixels[4 * 64 + 48]).toBe(255); // plain bright background
  });

  it('averages to a coarse grid, so fine noise cancels out and a moved shape does not', () => {
    const flat = grey(40, 40, () => 100);
    const noisy = grey(40, 40, (x, y) => 100 + ((x + y) % 2 ? 20 : -20));
    const moved = grey(40, 40, (x) => (x < 20 ? 0 : 200));
    const grid = (image: GreyImage) => coarseGrid(image, 4, 4);
    expect(meanAbsoluteDifference(grid(flat), grid(noisy))).toBeLessThan(0.5);
    expect(meanAbsoluteDifference(grid(flat), grid(moved))).toBeCloseTo(100, 5);
    expect(() => meanAbsoluteDifference(grid(flat), coarseGrid(flat, 2, 2))).toThrow('grids differ in size');
  });

  it('puts the image on a white margin', () => {
    const framed = withMargin(
      grey(2, 1, () => 7),
      1,
    );
    expect(framed).toMatchObject({ width: 4, height: 3 });
    expect([...framed.pixels]).toEqual([255, 255, 255, 255, 255, 7, 7, 255, 255, 255, 255, 255]);
  });

  it('finds a sheet of paper in a dark picture: a bright solid region, its letters as holes', () => {
    // A 200×100 dim picture, a 60×30 sheet at (20, 50) with a dark "letter" inside, and a 2×2 bright speck.
    const image = grey(200, 100, (x, y) => {
      if (x >= 20 && x < 80 && y >= 50 && y < 80) return x >= 40 && x < 45 && y >= 60 && y < 70 ? 10 : 250;
      return x >= 150 && x < 152 && y >= 10 && y < 12 ? 255 : 40;
    });
    expect(brightRegions(image, 4)).toEqual([{ x: 17, y: 48, width: 66, height: 34 }]);
    expect(crop(image, { x: 40, y: 60, width: 2, height: 1 }).pixels).toEqual(Uint8Array.from([10, 10]));
    expect(
      brightRegions(
        grey(50, 50, () => 30),
        4,
      ),
    ).toEqual([]);
  });

  it('writes a binary PGM', () => {
    const pgm = toPgm(grey(2, 1, (x) => x * 255));
    expect(pgm.toString('latin1', 0, 11)).toBe('P5\n2 1\n255\n');
    expect([...pgm.subarray(11)]).toEqual([0, 255]);
  });
});
