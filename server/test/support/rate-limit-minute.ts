/** The credential-check limiter counts per wall-clock minute: start a burst with a few seconds of that minute left. */
export async function awayFromMinuteBoundary(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5000) await new Promise((r) => setTimeout(r, left + 100));
}
