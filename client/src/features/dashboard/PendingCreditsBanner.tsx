interface PendingCreditsBannerProps {
  pendingCredits: number;
  onValidate?: () => void;
}

export function PendingCreditsBanner({ pendingCredits, onValidate }: PendingCreditsBannerProps) {
  return (
    <section className="pending-banner" aria-label="Pending credits">
      <div>
        <p className="pending-banner__title">
          <span className="accent">{pendingCredits}</span> PENDING_CREDITS
        </p>
        <p className="pending-banner__text">Upload today's three proofs to move them into your balance.</p>
      </div>
      <button type="button" className="btn btn--primary" onClick={onValidate}>
        VALIDATE_NOW
      </button>
    </section>
  );
}
