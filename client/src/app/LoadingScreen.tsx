import { MAIN_CONTENT_ID } from '../ui/mainContent';

export function LoadingScreen() {
  return (
    <main className="loading-screen" id={MAIN_CONTENT_ID} tabIndex={-1}>
      <span className="loading-screen__text" role="status">
        LOADING_SYSTEM...
      </span>
      <span className="cursor" aria-hidden="true" />
    </main>
  );
}
