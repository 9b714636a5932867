/** Ledger rows per page: docs/product.md shows the latest 10 entries, older ones a page at a time. */
export const LEDGER_PAGE_SIZE = 10;
export const LEDGER_PAGE_MAX = 100;
