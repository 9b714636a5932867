import { focusMainContent, MAIN_CONTENT_ID } from './mainContent';

/** The first Tab stop of every page, shown only when focused: past the navigation to the screen's content. */
export function SkipLink() {
  return (
    <a
      className="skip-link"
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // Focus, not a hash navigation: the router would take "#main-content" as a new address.
        event.preventDefault();
        focusMainContent();
      }}
    >
      Skip to content
    </a>
  );
}
