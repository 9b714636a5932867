interface PendingCreditsBannerProps {
  pendingCredits: number;
  /** Today's proofs are already validated: these credits can only move with tomorrow's. */
  validatedToday?: boolean;
  onValidate?: () => void;
}

export function PendingCreditsBanner({
  pendingCredits,
  validatedToday = false,
  onValidate,
}: PendingCreditsBannerProps) {
  return (
    <section className="pending-banner" aria-label="Pending credits">
      <div>
        <p className="pending-banner__title">
          <span className="accent">{pendingCredits}</span> PENDING_CREDITS
        </p>
        <p className="pending-banner__text">
          {validatedToday
            ? "Today's proofs are validated. Validate tomorrow's proofs to move these into your balance."
            : "Upload today's three proofs to move them into your balance."}
        </p>
      </div>
      {validatedToday ? (
        <span className="tag" data-testid="validate-tomorrow">
          VALIDATE_TOMORROW
        </span>
      ) : (
        <button type="button" className="btn btn--primary" onClick={onValidate}>
          VALIDATE_NOW
        </button>
      )}
    </section>
  );
}
