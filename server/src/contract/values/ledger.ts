/** Ledger rows per page: SPEC §9 shows the latest 10 entries, older ones a page at a time. */
export const LEDGER_PAGE_SIZE = 10;
export const LEDGER_PAGE_MAX = 100;
