export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status">
      <span className="loading-screen__text">LOADING_SYSTEM...</span>
      <span className="cursor" aria-hidden="true" />
    </div>
  );
}
