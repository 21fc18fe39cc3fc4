"""Label-blind claim auditing (spec: ``shared/spec/claim-audit.md``)."""
