/** docs/product.md, Import and export: the layouts read and written, and the largest file taken. */
export const IMPORT_LAYOUTS = ['strong', 'hevy'] as const;
export const IMPORT_WEIGHT_UNITS = ['kg', 'lb'] as const;
/** 2 MB holds years of a lifter's sets (about 30,000 rows). */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
/** What a mapping may leave an exercise as, besides a catalogue id: its sets are not imported. */
export const IMPORT_SKIP = 'skip';
