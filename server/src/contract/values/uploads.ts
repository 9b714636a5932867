export const MEGABYTE = 1024 * 1024;

export type UploadMime =
  | 'application/pdf'
  | 'image/jpeg'
  | 'image/png'
  | 'image/webp'
  | 'video/mp4'
  | 'video/quicktime'
  | 'video/webm'
  | ActivityFileMime;

/** Exported activity files: FIT, TCX, GPX and an Apple Health export (a zip). */
export type ActivityFileMime =
  'application/vnd.ant.fit' | 'application/vnd.garmin.tcx+xml' | 'application/gpx+xml' | 'application/zip';
export const ACTIVITY_FILE_MIMES: readonly ActivityFileMime[] = [
  'application/vnd.ant.fit',
  'application/vnd.garmin.tcx+xml',
  'application/gpx+xml',
  'application/zip',
];

export interface UploadLimits {
  maxBytes: number;
  allowedTypes: readonly UploadMime[];
}

const IMAGES: UploadMime[] = ['image/jpeg', 'image/png', 'image/webp'];

/**
 * Every kind of upload and its limits (docs/product.md). A new kind of upload adds a line here; the
 * server enforces these limits and the client's pickers announce them.
 */
export const UPLOAD_PURPOSES = {
  bmi_report: { maxBytes: 10 * MEGABYTE, allowedTypes: ['application/pdf', 'image/jpeg', 'image/png'] },
  'proof:gym_selfie': { maxBytes: 10 * MEGABYTE, allowedTypes: IMAGES },
  'proof:workout_video': { maxBytes: 50 * MEGABYTE, allowedTypes: ['video/mp4', 'video/quicktime', 'video/webm'] },
  'proof:apple_watch': { maxBytes: 10 * MEGABYTE, allowedTypes: IMAGES },
  // The activity slot's other choice; each upload is narrowed to its format's type and size (ACTIVITY_FORMATS).
  'proof:activity_file': { maxBytes: 512 * MEGABYTE, allowedTypes: ACTIVITY_FILE_MIMES },
} as const satisfies Record<string, UploadLimits>;
export type UploadPurpose = keyof typeof UPLOAD_PURPOSES;

const TYPE_NAMES: Partial<Record<UploadMime, string>> = {
  'video/quicktime': 'MOV',
  'application/vnd.ant.fit': 'FIT',
  'application/vnd.garmin.tcx+xml': 'TCX',
  'application/gpx+xml': 'GPX',
};

/** Short names of file types: "PDF", "JPEG", "MOV", "FIT". */
export function typeNames(types: readonly UploadMime[]): string[] {
  return types.map((t) => TYPE_NAMES[t] ?? t.split('/')[1].toUpperCase());
}

/** Human list of accepted types for messages ("PDF, JPEG or PNG"). */
export function describeTypes(types: readonly UploadMime[]): string {
  const names = typeNames(types);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` : names[0];
}

export function describeBytes(bytes: number): string {
  // An announced size can be small: "50 bytes", not "0 MB".
  if (bytes < MEGABYTE) return bytes < 1024 ? `${bytes} bytes` : `${Math.round(bytes / 1024)} KB`;
  return `${Math.round(bytes / MEGABYTE)} MB`;
}
